/**
 * Screenshots of every view of the modal on a running demo (`npm start`, or any stack whose demo has
 * the dev wallet on the page), at a laptop and a phone size, light and dark:
 *
 *   npx tsx scripts/screenshots.ts <folder> [demo URL, default http://localhost:$PORTICO_DEMO_PORT/]
 *
 * Writes <folder>/<width>x<height>-<theme>-<view>.png and prints what it wrote and any view it could
 * not reach. Not a test: it asserts nothing about the pixels.
 */
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { type Browser, chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium.ts'
import { portsFromEnv } from './lib/ports.ts'
import { settle, viewSteps } from './lib/screenshotViews.ts'

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const
const THEMES = ['light', 'dark'] as const

const [folderArgument, demoArgument] = process.argv.slice(2)
if (!folderArgument) {
  console.error('usage: npx tsx scripts/screenshots.ts <folder> [demo URL]')
  process.exit(2)
}
const folder: string = folderArgument
const demoUrl = demoArgument ?? `http://localhost:${portsFromEnv().demo}/`
mkdirSync(folder, { recursive: true })

async function walk(browser: Browser, size: (typeof SIZES)[number], theme: (typeof THEMES)[number]) {
  const context = await browser.newContext({
    viewport: size,
    colorScheme: theme,
    // Still views: no slide or height animation half-way in a shot.
    reducedMotion: 'reduce',
    ...(size.width < 600 ? { isMobile: true, hasTouch: true, deviceScaleFactor: 1 } : {}),
  })
  const page = await context.newPage()
  // A view that cannot be reached is reported, not waited for forever.
  page.setDefaultTimeout(15_000)
  const written: string[] = []
  const missed: string[] = []
  try {
    await page.goto(demoUrl)
    // The demo starts dark; its toggle sets the modal's theme.
    const toggle = page.getByRole('button', { name: `Switch to ${theme} theme` })
    if (await toggle.isVisible()) await toggle.click()
    for (const step of viewSteps(`screenshots-${Date.now()}@portico.dev`)) {
      const file = path.join(folder, `${size.width}x${size.height}-${theme}-${step.name}.png`)
      try {
        await step.show(page)
        await settle(page)
        await page.screenshot({ path: file })
        written.push(file)
      } catch (error) {
        missed.push(`${step.name}: ${(error as Error).message.split('\n')[0]}`)
      }
    }
  } finally {
    await context.close()
  }
  return { written, missed }
}

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
let total = 0
const missed: string[] = []
try {
  for (const size of SIZES)
    for (const theme of THEMES) {
      const result = await walk(browser, size, theme)
      total += result.written.length
      missed.push(...result.missed.map((line) => `${size.width}x${size.height} ${theme}: ${line}`))
    }
} finally {
  await browser.close()
}
console.log(`${total} screenshots in ${path.resolve(folder)}`)
if (missed.length > 0) {
  console.log(`not reached (${missed.length}):\n${missed.join('\n')}`)
  process.exitCode = 1
}
