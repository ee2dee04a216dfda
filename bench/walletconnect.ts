/**
 * WalletConnect timings in headless Chromium against the local stack (our relay on 127.0.0.1 and a
 * real @reown/walletkit wallet in this process), median of --runs fresh browser contexts:
 *
 *  1. click on the WalletConnect entry → the QR code is in the DOM (timed in the page). A fresh context
 *     has an empty cache, so this includes fetching the lazy SDK chunk, starting the client, opening
 *     the relay socket and creating the pairing;
 *  2. the wallet calls approveSession → the page's store says connected (both clocks are the same
 *     machine's wall clock: `performance.timeOrigin + performance.now()` on each side).
 *
 * It also reports the JS the page fetched after the click (CDP encodedDataLength: gzip as served).
 *
 *   npx tsx bench/walletconnect.ts [--runs 5] [--no-build]
 *
 * Ports: demo :6273, plugins :6274, chains :6645/:6646, Solana RPC :6999, relay :6290
 * (`PORTICO_*_PORT` override), apart from npm start, e2e and bench/run.ts.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { startTestWallet, type TestWallet } from '../e2e/walletconnect/wallet.ts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { portsFromEnv } from '../scripts/lib/ports.ts'
import { startStack } from '../scripts/lib/stack.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5
const BUILD = !args.includes('--no-build')
const PORTS = portsFromEnv(process.env, { demo: 6273, plugins: 6274, chainA: 6645, chainB: 6646 })
process.env.PORTICO_SOLANA_PORT ??= '6999'
const RELAY_PORT = Number(process.env.PORTICO_RELAY_PORT ?? 6290)
const QR_LABEL = 'WalletConnect QR code'

const log = (line: string) => console.error(`› ${line}`)
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2
}
const now = () => performance.timeOrigin + performance.now()

interface Run {
  clickToQrMs: number
  approveToConnectedMs: number
  lazyJsBytes: number
  lazyJsRequests: number
}

if (BUILD) {
  log('building (npm run build)')
  const built = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

log('starting the stack')
const stack = await startStack({ ports: PORTS, relayPort: RELAY_PORT, fixtures: false })
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
})
const runs: Run[] = []
const wallets: TestWallet[] = []

try {
  for (let index = 0; index < RUNS; index++) {
    const context = await browser.newContext()
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    const page = await context.newPage()
    let approvedAt = 0
    const wallet = await startTestWallet({
      relayUrl: stack.relay.url,
      onApprove: () => {
        approvedAt = now()
      },
    })
    wallets.push(wallet)

    // JS the demo origin served between the click and the QR code: the lazy WalletConnect chunks
    // (and the QR generator's). Plugin remotes, which load on open, come from the plugins origin.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.enable')
    let watching = false
    const scripts = new Map<string, number | undefined>()
    cdp.on('Network.responseReceived', (event) => {
      if (watching && event.type === 'Script' && event.response.url.startsWith(stack.demoUrl))
        scripts.set(event.requestId, undefined)
    })
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) scripts.set(event.requestId, event.encodedDataLength)
    })

    await page.goto(stack.demoUrl)
    await page.getByRole('heading', { name: 'Portico demo' }).waitFor()
    await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
    const entry = page.getByRole('dialog').getByRole('list', { name: 'Wallets' }).getByRole('button', {
      name: 'WalletConnect',
    })
    await entry.waitFor()
    watching = true
    // A string, so tsx adds no helpers (__name) to code that runs in the page.
    const clickToQrMs = (await page.evaluate(`new Promise((resolve) => {
      const button = [...document.querySelectorAll('ul[aria-label="Wallets"] button')]
        .find((candidate) => candidate.textContent.includes('WalletConnect'))
      const started = performance.now()
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[aria-label="${QR_LABEL}"]')) return
        observer.disconnect()
        resolve(performance.now() - started)
      })
      observer.observe(document.body, { subtree: true, childList: true })
      button.click()
    })`)) as number

    watching = false
    if (process.env.BENCH_DEBUG)
      console.error(
        await page.evaluate(
          `JSON.stringify(performance.getEntriesByType('resource').filter((e) => e.initiatorType === 'script' || e.name.startsWith('ws')).map((e) => [e.name.split('/').pop(), Math.round(e.startTime), Math.round(e.responseEnd)]))`,
        ),
        await page.evaluate('Math.round(performance.now())'),
      )
    while ([...scripts.values()].includes(undefined)) await new Promise((resolve) => setTimeout(resolve, 20))
    const lazyJsBytes = [...scripts.values()].reduce<number>((sum, bytes) => sum + (bytes ?? 0), 0)
    const lazyJsRequests = scripts.size

    await page.getByRole('button', { name: 'Copy link' }).click()
    const uri = await page.evaluate(() => navigator.clipboard.readText())
    // The page records when its store first says connected.
    await page.evaluate(`(() => {
      const status = document.querySelector('[data-testid="status"]')
      new MutationObserver(() => {
        if (status.textContent !== 'connected' || window.__connectedAt) return
        window.__connectedAt = performance.timeOrigin + performance.now()
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })()`)
    await wallet.pair(uri)
    await page.waitForFunction(() => (window as Window & { __connectedAt?: number }).__connectedAt)
    const connectedAt = await page.evaluate(
      () => (window as Window & { __connectedAt?: number }).__connectedAt ?? 0,
    )
    await page.getByRole('dialog').waitFor({ state: 'hidden' })
    const run = {
      clickToQrMs,
      approveToConnectedMs: connectedAt - approvedAt,
      lazyJsBytes,
      lazyJsRequests,
    }
    runs.push(run)
    log(
      `run ${index + 1}: click → QR ${run.clickToQrMs.toFixed(0)} ms, approve → connected ${run.approveToConnectedMs.toFixed(0)} ms`,
    )
    await context.close()
    await wallet.stop()
  }
} finally {
  await browser.close()
  await Promise.all(wallets.map((wallet) => wallet.stop()))
  await stack.stop()
}

const pad = (text: string, width: number) => text.padEnd(width)
const rows = runs.map((run, index) => [
  String(index + 1),
  run.clickToQrMs.toFixed(0),
  run.approveToConnectedMs.toFixed(0),
  `${(run.lazyJsBytes / 1000).toFixed(1)} KB in ${run.lazyJsRequests}`,
])
rows.push([
  'median',
  median(runs.map((run) => run.clickToQrMs)).toFixed(0),
  median(runs.map((run) => run.approveToConnectedMs)).toFixed(0),
  `${(median(runs.map((run) => run.lazyJsBytes)) / 1000).toFixed(1)} KB`,
])
const header = ['run', 'click → QR (ms)', 'approve → connected (ms)', 'demo-origin JS click → QR (gzip)']
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
)
console.log(`\nWalletConnect (${RUNS} fresh contexts, relay ${stack.relay.url})\n`)
console.log(header.map((title, column) => pad(title, widths[column] ?? 0)).join('  '))
console.log(widths.map((width) => '─'.repeat(width)).join('  '))
for (const row of rows) console.log(row.map((cell, column) => pad(cell, widths[column] ?? 0)).join('  '))
