/**
 * WalletConnect timings in headless Chromium against the local stack (our relay on 127.0.0.1 and a
 * real @reown/walletkit wallet in this process), median of --runs fresh browser contexts:
 *
 * Each run moves the pointer onto a button, rests 0 or 150 ms (both reported), then clicks, as a person
 * does: first Connect Wallet, then the WalletConnect entry.
 *
 *  1. click on the WalletConnect entry → the QR code is in the DOM (timed in the page from the click's
 *     event time). A fresh context
 *     has an empty cache, so this includes fetching the lazy SDK chunk, starting the client, opening
 *     the relay socket and creating the pairing;
 *  2. the wallet calls approveSession → the page's store says connected (both clocks are the same
 *     machine's wall clock: `performance.timeOrigin + performance.now()` on each side).
 *
 * It also reports the JS the page fetched after the click (CDP encodedDataLength: gzip as served).
 *
 *   npx tsx bench/walletconnect.ts [--runs 5] [--no-build] [--breakdown] [--browser-wallet]
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
import { HOVER_GAPS } from './lib/pageMetrics.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const args = process.argv.slice(2)
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5
const BUILD = !args.includes('--no-build')
/** Per run, the milestones relative to the click: chunks (responseEnd), relay socket, view, uri, QR. */
const BREAKDOWN = args.includes('--breakdown')
/**
 * The page also has a browser wallet (an EIP-6963 announcement): WalletConnect is then prepared only
 * when pointed at, so the bench points at it (hover) right before the click, as a quick user does.
 */
const BROWSER_WALLET = args.includes('--browser-wallet')
const ANNOUNCE_WALLET = `(() => {
  const provider = { request: async () => { throw Object.assign(new Error('unsupported'), { code: 4200 }) }, on() {}, removeListener() {} }
  const announce = () => window.dispatchEvent(new CustomEvent('eip6963:announceProvider', {
    detail: Object.freeze({ info: Object.freeze({ uuid: 'bench-1', name: 'Bench Wallet', icon: 'data:,', rdns: 'bench.wallet' }), provider }),
  }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
})()`
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
  /** The pointer's rest on each button before its click (ms). */
  gap: number
  clickToQrMs: number
  /** Milestones relative to the click (negative: before it), for the breakdown. */
  marks: Record<string, number>
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
  for (let index = 0; index < RUNS * HOVER_GAPS.length; index++) {
    const gap = HOVER_GAPS[index % HOVER_GAPS.length] ?? 0
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

    // Breakdown probes (a string, run before the page's scripts): relay socket milestones and when the
    // wallet list first appears (the Connect view opened; with no browser wallet the pairing starts then).
    await page.addInitScript(`(() => {
      const marks = (window.__benchMarks = {})
      const mark = (name) => { if (!(name in marks)) marks[name] = performance.now() }
      const Native = window.WebSocket
      window.WebSocket = class extends Native {
        constructor(...args) {
          super(...args)
          mark('socket created')
          this.addEventListener('open', () => mark('socket open'))
          this.addEventListener('message', () => mark('first relay message'))
        }
        send(data) { mark('first frame sent'); super.send(data) }
      }
      new MutationObserver(() => {
        if (document.querySelector('ul[aria-label="Wallets"]')) mark('Connect view')
      }).observe(document, { subtree: true, childList: true })
    })()`)
    if (BROWSER_WALLET) await page.addInitScript(ANNOUNCE_WALLET)
    await page.goto(stack.demoUrl)
    await page.getByRole('heading', { name: 'Portico demo' }).waitFor()
    // As a person does it: the pointer onto Connect Wallet, a rest of `gap` ms, the click; then onto the
    // WalletConnect entry, the same rest, the click (trusted input, timed from the click's event time).
    const connect = page.getByRole('button', { name: 'Connect Wallet', exact: true })
    await connect.hover()
    if (gap > 0) await page.waitForTimeout(gap)
    await page.mouse.down()
    await page.mouse.up()
    const entry = page.getByRole('dialog').getByRole('list', { name: 'Wallets' }).getByRole('button', {
      name: 'WalletConnect',
    })
    await entry.waitFor()
    if (BROWSER_WALLET)
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Bench Wallet/ })
        .waitFor()
    await entry.hover()
    if (gap > 0) await page.waitForTimeout(gap)
    watching = true
    // A string, so tsx adds no helpers (__name) to code that runs in the page.
    await page.evaluate(`(() => {
      window.__benchQr = new Promise((resolve) => {
        addEventListener('click', (event) => {
          const started = event.timeStamp
          window.__benchClick = started
          const marks = window.__benchMarks
          const mark = (name) => { if (!(name in marks)) marks[name] = performance.now() }
          const observer = new MutationObserver(() => {
            const text = document.body.textContent
            if (text.includes('Preparing a QR code')) mark('view: spinner')
            if (text.includes('Scan this QR code')) mark('view: body')
            if ([...document.querySelectorAll('button')].some((b) => b.textContent.includes('Copy link'))) mark('uri shown')
            if (!document.querySelector('[aria-label="${QR_LABEL}"]')) return
            observer.disconnect()
            resolve(performance.now() - started)
          })
          observer.observe(document.body, { subtree: true, childList: true })
        }, { capture: true, once: true })
      })
    })()`)
    await page.mouse.down()
    await page.mouse.up()
    const clickToQrMs = (await page.evaluate('window.__benchQr')) as number

    watching = false
    const marks = JSON.parse(
      (await page.evaluate(`JSON.stringify((() => {
        const click = window.__benchClick
        const out = {}
        for (const [name, at] of Object.entries(window.__benchMarks)) out[name] = at - click
        for (const entry of performance.getEntriesByType('mark')) if (!(entry.name in out)) out[entry.name] = entry.startTime - click
        for (const entry of performance.getEntriesByType('resource')) {
          if (entry.initiatorType !== 'script' && entry.initiatorType !== 'link' && entry.initiatorType !== 'other') continue
          const file = entry.name.split('/').pop().replace(/\\.[0-9a-f]{8}\\.js$/, '')
          if (entry.responseEnd - click < -5000) continue
          out['js ' + file + ' (' + entry.initiatorType + ')'] = entry.responseEnd - click
        }
        return out
      })())`)) as string,
    ) as Record<string, number>
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
    // The copy is asynchronous: read until the pairing uri is there.
    const uri = (await page.evaluate(`(async () => {
      for (let tries = 0; tries < 100; tries++) {
        const text = await navigator.clipboard.readText()
        if (text.startsWith('wc:')) return text
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      return ''
    })()`)) as string
    // The page records when its store first says connected.
    await page.evaluate(`(() => {
      const status = document.querySelector('[data-testid="status"]')
      new MutationObserver(() => {
        if (status.textContent !== 'connected' || window.__connectedAt) return
        window.__connectedAt = performance.timeOrigin + performance.now()
      }).observe(document.body, { subtree: true, childList: true, characterData: true })
    })()`)
    // The copy can fail in a loaded headless browser (the clipboard stays empty): this run's
    // click → QR still counts; its approve → connected is left out.
    let connectedAt = Number.NaN
    if (uri) {
      await wallet.pair(uri)
      await page.waitForFunction(() => (window as Window & { __connectedAt?: number }).__connectedAt)
      connectedAt = await page.evaluate(
        () => (window as Window & { __connectedAt?: number }).__connectedAt ?? 0,
      )
      await page.getByRole('dialog').waitFor({ state: 'hidden' })
    } else log(`run ${index + 1}: the pairing link was not copied; approve → connected not measured`)
    const run = {
      gap,
      clickToQrMs,
      marks,
      approveToConnectedMs: connectedAt - approvedAt,
      lazyJsBytes,
      lazyJsRequests,
    }
    runs.push(run)
    log(
      `run ${index + 1} (${gap} ms rest): click → QR ${run.clickToQrMs.toFixed(0)} ms, approve → connected ${run.approveToConnectedMs.toFixed(0)} ms`,
    )
    if (BREAKDOWN)
      for (const [name, at] of Object.entries(marks).sort((a, b) => a[1] - b[1]))
        log(`    ${at.toFixed(0).padStart(6)} ms  ${name}`)
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
  `${index + 1} (${run.gap} ms)`,
  run.clickToQrMs.toFixed(0),
  run.approveToConnectedMs.toFixed(0),
  `${(run.lazyJsBytes / 1000).toFixed(1)} KB in ${run.lazyJsRequests}`,
])
for (const gap of HOVER_GAPS) {
  const at = runs.filter((run) => run.gap === gap)
  rows.push([
    `median, ${gap} ms rest`,
    median(at.map((run) => run.clickToQrMs)).toFixed(0),
    median(at.map((run) => run.approveToConnectedMs).filter((ms) => !Number.isNaN(ms))).toFixed(0),
    `${(median(at.map((run) => run.lazyJsBytes)) / 1000).toFixed(1)} KB`,
  ])
}
const header = [
  'run (rest)',
  'click → QR (ms)',
  'approve → connected (ms)',
  'demo-origin JS click → QR (gzip)',
]
const widths = header.map((title, column) =>
  Math.max(title.length, ...rows.map((row) => row[column]?.length ?? 0)),
)
console.log(
  `\nWalletConnect (${RUNS} fresh contexts per rest, ${BROWSER_WALLET ? 'with' : 'no'} browser wallet, relay ${stack.relay.url})\n`,
)
console.log(header.map((title, column) => pad(title, widths[column] ?? 0)).join('  '))
console.log(widths.map((width) => '─'.repeat(width)).join('  '))
for (const row of rows) console.log(row.map((cell, column) => pad(cell, widths[column] ?? 0)).join('  '))
