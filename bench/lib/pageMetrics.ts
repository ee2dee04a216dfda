// One way to measure any connect modal (Portico's or a peer's), so the ratios compare like with like:
// JS to network idle; then as a person opens it (the pointer onto the button, a rest of 0 or 150 ms, the
// click): click → wallet list painted, the JS and long tasks of the open, and the JS heap with the modal
// open once the network is quiet.
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import { NetworkLog } from './networkLog.ts'

export interface ModalTarget {
  label: string
  url: string
  /** The connect button's text (a string: exactly; shadow roots searched too). */
  button: string | RegExp
  /** Text that is in the wallet list once the modal shows it (the injected dev wallet's name). */
  walletText: string
  /** Scripts run before the page's own (the dev wallet stands for an extension). */
  initScripts: { content?: string; path?: string }[]
}

export interface ModalMetrics {
  jsTransferred: number
  jsRequests: number
  /** JS fetched from the pointer entering the button until the network is quiet after the open. */
  openJsTransferred: number
  openJsRequests: number
  /** Long tasks (≥ 50 ms) from the pointer entering the button until the network is quiet after the open. */
  openLongTasksMs: number
  /** Requests to hosts other than localhost, aborted (the peers' defaults call hosted services). */
  blockedHosts: string[]
  /** Pointer on the button, then the click after each hover gap (ms) → wallet list painted, per run. */
  clickMs: Record<number, number[]>
  heapOpen: number
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** How long the pointer rests on the button before the click (ms): a quick visitor, and a usual one. */
export const HOVER_GAPS = [0, 150] as const

/**
 * Long tasks as the page meets them, from its start (a string: run before the page's own scripts).
 */
export const LONG_TASK_PROBE = `(() => {
  const tasks = (window.__benchLongTasks = [])
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push([entry.startTime, entry.duration])
    }).observe({ type: 'longtask', buffered: true })
  } catch {}
})()`

/**
 * Finds the connect button (a button whose text matches, shadow roots included) and returns the centre
 * of its box, or null. Plain DOM calls, no Playwright locators: their injected script would sit in the
 * page's heap, which the heap row reads.
 */
const BUTTON_CENTRE = `(source) => {
  const pattern = new RegExp(source)
  const all = (root) => [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])])
  const button = all(document).find((el) => el.tagName === 'BUTTON' && pattern.test(el.textContent.trim()) && el.getClientRects().length > 0)
  if (!button) return null
  const box = button.getBoundingClientRect()
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 }
}`

/**
 * Arms the page for the click: on the (trusted) click it checks at every animation frame whether the
 * wallet text is in the DOM, shadow roots included (AppKit renders in them), on a laid-out element that
 * is not `visibility: hidden` (a dialog rendered ahead of its open, hidden, does not count), and
 * records the time from the click's event time (the input, so a busy main thread counts) to the first
 * frame that holds it. The pointer's arrival is recorded too, for the long-task window.
 */
const ARM_CLICK = `(walletText) => {
  function holds(root) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT)
    for (let node = walker.currentNode; node; node = walker.nextNode()) {
      if (node.nodeType === 3) {
        const parent = node.parentElement
        if (node.data.includes(walletText) && parent && parent.getClientRects().length > 0 && (!parent.checkVisibility || parent.checkVisibility({ visibilityProperty: true }))) return true
      } else if (node.shadowRoot && holds(node.shadowRoot)) return true
    }
    return false
  }
  window.__benchHoverAt = undefined
  addEventListener('pointermove', () => { if (window.__benchHoverAt === undefined) window.__benchHoverAt = performance.now() }, { capture: true, once: true })
  window.__benchOpen = new Promise((resolve, reject) => {
    addEventListener('click', (event) => {
      const start = event.timeStamp
      const deadline = performance.now() + 20000
      function frame() {
        // performance.now(), not the frame's timestamp: that is the frame's start, which may precede the click.
        const now = performance.now()
        if (holds(document.body)) return resolve(now - start)
        if (now > deadline) return reject(new Error('wallet list not shown within 20 s'))
        requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    }, { capture: true, once: true })
  })
}`

async function newContext(browser: Browser, target: ModalTarget): Promise<BrowserContext> {
  const context = await browser.newContext()
  await context.addInitScript(LONG_TASK_PROBE)
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

/**
 * As a person does it: the pointer moves onto the button (pointer-enter handlers run, e.g. a
 * preload), rests there `gapMs`, then presses and releases (a trusted click). Resolves with the time
 * from the click to the first frame with the wallet list. Real input through CDP, no locators.
 */
export async function pointerThenClick(
  page: Page,
  button: string | RegExp,
  walletText: string,
  gapMs: number,
): Promise<number> {
  const source =
    typeof button === 'string' ? `^${button.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$` : button.source
  // Network idle is not rendered: on a loaded machine the button may come a little later.
  let centre: { x: number; y: number } | null = null
  const deadline = Date.now() + 15_000
  while (!centre) {
    centre = await page.evaluate<{ x: number; y: number } | null>(
      `(${BUTTON_CENTRE})(${JSON.stringify(source)})`,
    )
    if (centre) break
    if (Date.now() > deadline) throw new Error(`no button matching ${source} on ${page.url()}`)
    await page.waitForTimeout(50)
  }
  await page.evaluate(`(${ARM_CLICK})(${JSON.stringify(walletText)})`)
  // Start off the button, so the move onto it is an arrival (pointerenter), as with a real pointer.
  await page.mouse.move(0, 0)
  await page.mouse.move(centre.x, centre.y)
  if (gapMs > 0) await page.waitForTimeout(gapMs)
  await page.mouse.down()
  await page.mouse.up()
  return page.evaluate<number>('window.__benchOpen')
}

/** Total duration of the long tasks that ended after the pointer reached the button. */
export async function longTasksSinceHover(page: Page): Promise<number> {
  return page.evaluate<number>(`(() => {
    const from = window.__benchHoverAt ?? 0
    return window.__benchLongTasks.filter(([start, duration]) => start + duration > from).reduce((sum, [, duration]) => sum + duration, 0)
  })()`)
}

/**
 * Loads the page fresh `1 + runs × gaps` times: the first for bytes, the open's JS, long tasks and heap
 * (pointer then click, no gap), the rest for click timings at each hover gap.
 */
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
  await pointerThenClick(page, target.button, target.walletText, 0)
  await network.idle()
  const openScripts = network.scripts('open')
  const openLongTasksMs = await longTasksSinceHover(page)
  const heapOpen = await heapUsed(cdp)
  await context.close()

  const clickMs: Record<number, number[]> = Object.fromEntries(HOVER_GAPS.map((gap) => [gap, []]))
  for (let run = 0; run < runs; run++) {
    for (const gap of HOVER_GAPS) {
      const timingContext = await newContext(browser, target)
      const timingPage = await timingContext.newPage()
      await blockRemote(timingPage, blocked)
      await timingPage.goto(target.url, { waitUntil: 'networkidle' })
      clickMs[gap]?.push(await pointerThenClick(timingPage, target.button, target.walletText, gap))
      await timingContext.close()
    }
  }
  return {
    jsTransferred: scripts.reduce((sum, req) => sum + req.transferred, 0),
    jsRequests: scripts.length,
    openJsTransferred: openScripts.reduce((sum, req) => sum + req.transferred, 0),
    openJsRequests: openScripts.length,
    openLongTasksMs,
    blockedHosts: [...new Set(blocked)],
    clickMs,
    heapOpen,
  }
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}
