import type { Locator } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

test.use({ wallet: { account: 4 } })

const backgroundOf = (dialog: Locator) =>
  dialog.evaluate((element) => getComputedStyle(element).backgroundColor)

/** Relative luminance (0 black … 1 white) of an `rgb(…)` / `rgba(…)` colour. */
function luminance(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number)
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

test('the page theme switch changes the modal colours', async ({ page }) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await demo.settle()
  const dark = await backgroundOf(demo.dialog)
  await demo.dialog.getByRole('button', { name: 'Close' }).click()
  await expect(demo.dialog).toBeHidden()

  await page.getByRole('button', { name: 'Switch to light theme' }).click()
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible()
  await demo.openConnect()
  await demo.settle()
  const light = await backgroundOf(demo.dialog)

  expect(light).not.toBe(dark)
  expect(luminance(light)).toBeGreaterThan(luminance(dark))
})

/** The accent colour as the modal resolves it (a probe painted with var(--pt-accent) inside the dialog). */
const accentOf = (dialog: Locator) =>
  dialog.evaluate((element) => {
    const probe = document.createElement('span')
    probe.style.color = 'var(--pt-accent)'
    element.append(probe)
    const colour = getComputedStyle(probe).color
    probe.remove()
    return colour
  })

test('each theme preset changes the computed accent colour and the background tint', async ({ page }) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await demo.settle()
  const plain = { accent: await accentOf(demo.dialog), background: await backgroundOf(demo.dialog) }
  const seen = new Set([plain.accent])
  for (const [preset, accent] of [
    ['midnight', 'rgb(169, 155, 255)'],
    ['ocean', 'rgb(60, 200, 220)'],
    ['forest', 'rgb(92, 201, 138)'],
    ['sunset', 'rgb(255, 154, 92)'],
  ] as const) {
    await demo.goto(`?themePreset=${preset}`)
    await demo.openConnect()
    await demo.settle()
    expect(await accentOf(demo.dialog)).toBe(accent)
    expect(await backgroundOf(demo.dialog)).not.toBe(plain.background)
    seen.add(accent)
  }
  expect(seen.size).toBe(5)
  // An unknown preset name is ignored: the default look.
  await demo.goto('?themePreset=__proto__')
  await demo.openConnect()
  await demo.settle()
  expect(await accentOf(demo.dialog)).toBe(plain.accent)
})
