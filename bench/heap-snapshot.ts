/**
 * Where the heap of `npm run bench`'s "modal open" row goes: heap snapshots of (a) a blank page with
 * only the dev wallet injected and (b) the demo with the Connect modal open, each reported as self
 * size per node type, the largest retainers (dominator chains) and the largest strings.
 *
 *   flock /tmp/portico-bench.lock npx tsx bench/heap-snapshot.ts [--save DIR] [--top N] [--block REGEX]
 *
 * Uses the bench ports and dist/ as built (run `npm run build` first). --save also writes the
 * .heapsnapshot files, to open in DevTools' Memory tab.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Browser, chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { type Stack, startStack } from '../scripts/lib/stack.ts'
import { analyze, formatReport, takeSnapshot } from './heap-lib.ts'
import { BENCH_PORTS } from './lib/ports.ts'

const args = process.argv.slice(2)
const option = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined)
const SAVE = option('--save')
const TOP = Number(option('--top')) || 30
/** Experiments: abort requests whose URL matches (e.g. `--block 'plugins/(send|swaps)/'`). */
const BLOCK = option('--block')
const TMP = path.join(import.meta.dirname, '.tmp', 'heap')

/** Same page set-up as bench/run.ts: the dev wallet as an init script, like an extension's provider. */
async function walletPage(browser: Browser, stack: Stack): Promise<Page> {
  const context = await browser.newContext()
  await context.addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(stack.devWalletConfig(0))}`)
  await context.addInitScript({ path: stack.devWalletBundle })
  return context.newPage()
}

/** bench/run.ts's open without Playwright locators (their injected script would count as page heap). */
const OPEN = `(async () => {
  const all = (root) => [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])])
  all(document).find((el) => el.tagName === 'BUTTON' && el.textContent.trim() === 'Connect Wallet').click()
  for (let i = 0; i < 300; i++) {
    if (all(document).some((el) => el.matches('[aria-label="Wallets"] button') && el.textContent.includes('Portico Dev Wallet'))) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
})()`

async function measure(page: Page, title: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  const snapshot = await takeSnapshot(cdp)
  const usage = await cdp.send('Runtime.getHeapUsage')
  console.log(
    formatReport(
      `${title} (Runtime.getHeapUsage ${(usage.usedSize / 1048576).toFixed(2)} MiB)`,
      analyze(snapshot, TOP),
    ),
  )
  if (SAVE) {
    mkdirSync(SAVE, { recursive: true })
    writeFileSync(path.join(SAVE, `${title.replace(/\W+/g, '-')}.heapsnapshot`), JSON.stringify(snapshot))
  }
}

const apiDatabase = path.join(TMP, 'api.sqlite')
rmSync(TMP, { recursive: true, force: true })
mkdirSync(TMP, { recursive: true })
const stack = await startStack({
  ports: BENCH_PORTS,
  devWalletOnPage: false,
  demoBuild: 'test',
  fixtures: false,
  relayPort: Number(process.env.PORTICO_RELAY_PORT ?? 6190),
  api: { port: Number(process.env.PORTICO_API_PORT ?? 6180), sqliteFile: apiDatabase },
})
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true })
try {
  const blank = await walletPage(browser, stack)
  const origin = new URL(stack.demoUrl).origin
  await blank.route(`${origin}/bench-blank`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
  )
  await blank.goto(`${origin}/bench-blank`)
  await measure(blank, 'blank page, dev wallet only')
  await blank.context().close()

  const demo = await walletPage(browser, stack)
  if (BLOCK) await demo.route(new RegExp(BLOCK), (route) => route.abort())
  await demo.goto(stack.demoUrl, { waitUntil: 'networkidle' })
  if (!(await demo.evaluate<boolean>(OPEN))) throw new Error('the modal did not list Portico Dev Wallet')
  // Like bench/run.ts's network idle: no new resource for 500 ms.
  for (let seen = -1, count = 0; seen !== count; ) {
    seen = count
    await demo.waitForTimeout(500)
    count = await demo.evaluate(() => performance.getEntriesByType('resource').length)
  }
  await measure(demo, 'demo, Connect modal open')
  await demo.context().close()
} finally {
  await browser.close()
  await stack.stop()
}
