// One way to measure any connect modal (Portico's or a peer's), so the ratios compare like with like:
// JS to network idle, click → wallet list painted, JS heap with the modal open.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import { NetworkLog } from './networkLog.ts'

export interface ModalTarget {
  label: string
  url: string
  /** The connect button's accessible name. */
  button: string | RegExp
  /** Text that is in the wallet list once the modal shows it (the injected dev wallet's name). */
  walletText: string
  /** Scripts run before the page's own (the dev wallet stands for an extension). */
  initScripts: { content?: string; path?: string }[]
}

export interface ModalMetrics {
  jsTransferred: number
  jsRequests: number
  /** Requests to hosts other than localhost, aborted (the peers' defaults call hosted services). */
  blockedHosts: string[]
  clickMs: number[]
  heapOpen: number
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * Clicks the button, then checks at every animation frame whether the wallet text is in the DOM,
 * shadow roots included (AppKit renders in them), on a laid-out element; resolves with the time of the
 * first frame that holds it. Plain JS source: tsx would wrap named inner functions in a `__name` helper.
 */
const CLICK_TO_WALLET_LIST = `(walletText) => new Promise((resolve, reject) => {
  const button = window.__benchButton
  function holds(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === 3) {
        if (node.data.includes(walletText) && node.parentElement && node.parentElement.getClientRects().length > 0) return true
      } else if (node.shadowRoot && holds(node.shadowRoot)) return true
    }
    return false
  }
  const start = performance.now()
  button.click()
  if (holds(document.body)) return requestAnimationFrame(() => resolve(performance.now() - start))
  const deadline = start + 20000
  function frame() {
    // performance.now(), not the frame's timestamp: that is the frame's start, which may precede the click.
    const now = performance.now()
    if (holds(document.body)) return resolve(now - start)
    if (now > deadline) return reject(new Error('wallet list not shown within 20 s'))
    requestAnimationFrame(frame)
  }
  requestAnimationFrame(frame)
})`

async function newContext(browser: Browser, target: ModalTarget): Promise<BrowserContext> {
  const context = await browser.newContext()
  for (const script of target.initScripts) await context.addInitScript(script)
  return context
}

async function blockRemote(page: Page, blocked: string[]): Promise<void> {
  await page.route(
    (url) => /^(https?|wss?):$/.test(url.protocol) && !LOCAL_HOSTS.has(url.hostname),
    (route) => {
      blocked.push(new URL(route.request().url()).host)
      return route.abort('internetdisconnected')
    },
  )
}

async function heapUsed(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  return (await cdp.send('Runtime.getHeapUsage')).usedSize
}

async function clickOnce(page: Page, target: ModalTarget): Promise<number> {
  const button = page.getByRole('button', { name: target.button, exact: true }).first()
  await button.evaluate((element) => {
    ;(window as unknown as { __benchButton: Element }).__benchButton = element
  })
  return page.evaluate<number>(`(${CLICK_TO_WALLET_LIST})(${JSON.stringify(target.walletText)})`)
}

/** Loads the page fresh `runs + 1` times: the first for bytes and heap, the rest for click timings. */
export async function measureModal(
  browser: Browser,
  target: ModalTarget,
  runs: number,
): Promise<ModalMetrics> {
  const blocked: string[] = []
  const context = await newContext(browser, target)
  const page = await context.newPage()
  await blockRemote(page, blocked)
  const { log: network, cdp } = await NetworkLog.attach(page)
  await page.goto(target.url, { waitUntil: 'load' })
  await network.idle()
  const scripts = network.scripts('load')
  network.phase = 'open'
  await clickOnce(page, target)
  await network.idle()
  const heapOpen = await heapUsed(cdp)
  await context.close()

  const clickMs: number[] = []
  for (let run = 0; run < runs; run++) {
    const timingContext = await newContext(browser, target)
    const timingPage = await timingContext.newPage()
    await blockRemote(timingPage, blocked)
    await timingPage.goto(target.url, { waitUntil: 'networkidle' })
    clickMs.push(await clickOnce(timingPage, target))
    await timingContext.close()
  }
  return {
    jsTransferred: scripts.reduce((sum, req) => sum + req.transferred, 0),
    jsRequests: scripts.length,
    blockedHosts: [...new Set(blocked)],
    clickMs,
    heapOpen,
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
