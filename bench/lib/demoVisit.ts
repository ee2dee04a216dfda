/**
 * The bench's steps in the demo page (bench/run.ts): a context with the injected dev wallet, opening
 * the modal without Playwright's locators (for the heap row), the heap, click → Connect painted, and a
 * visit through every plugin.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import type { Stack } from '../../scripts/lib/stack.ts'
import { NetworkLog, type Req } from './networkLog.ts'

export async function newContext(browser: Browser, stack: Stack): Promise<BrowserContext> {
  const context = await browser.newContext()
  // The dev wallet stands for a browser extension: injected, not downloaded, not page JS.
  await context.addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(stack.devWalletConfig(0))}`)
  await context.addInitScript({ path: stack.devWalletBundle })
  return context
}

export const connectDialog = (page: Page) => page.getByRole('dialog', { name: 'Connect Wallet' })
export const walletButton = (page: Page) =>
  connectDialog(page)
    .getByRole('list', { name: 'Wallets' })
    .getByRole('button', { name: 'Portico Dev Wallet' })

/** Finds, through open shadow roots, the Connect Wallet button (click: true) or the dev wallet's entry. */
const FIND_IN_PAGE = `(click) => {
  const all = (root) => [...root.querySelectorAll('*')].flatMap((el) => [el, ...(el.shadowRoot ? all(el.shadowRoot) : [])])
  const elements = all(document)
  if (!click) return elements.some((el) => el.matches('[aria-label="Wallets"] button') && el.textContent.includes('Portico Dev Wallet'))
  const button = elements.find((el) => el.tagName === 'BUTTON' && el.textContent.trim() === 'Connect Wallet')
  button?.click()
  return button !== undefined
}`

/**
 * Opens the modal and waits for the dev wallet in its list with plain DOM calls, for the heap row:
 * Playwright's locators put its injected script (~0.75 MiB of heap) in the page's isolate, which is the
 * test tool's memory, not Portico's.
 */
export async function openWithoutLocators(page: Page): Promise<void> {
  if (!(await page.evaluate(`(${FIND_IN_PAGE})(true)`)))
    throw new Error('no Connect Wallet button on the page')
  const deadline = Date.now() + 15_000
  while (!(await page.evaluate(`(${FIND_IN_PAGE})(false)`))) {
    if (Date.now() > deadline) throw new Error('the modal did not list Portico Dev Wallet within 15 s')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function heap(cdp: CDPSession): Promise<{ used: number; metric: number }> {
  await cdp.send('HeapProfiler.enable')
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const usage = await cdp.send('Runtime.getHeapUsage')
  await cdp.send('Performance.enable')
  const { metrics } = await cdp.send('Performance.getMetrics')
  return {
    used: usage.usedSize,
    metric: metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? Number.NaN,
  }
}

/**
 * Click → a frame after the Connect view (with the wallet list) is in the DOM, measured in the page.
 * Plain JS source: tsx would wrap named inner functions in a `__name` helper the page does not have.
 */
const CLICK_TO_PAINTED = `new Promise((resolve, reject) => {
  const button = [...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Connect Wallet')
  if (!button) return reject(new Error('no Connect Wallet button'))
  function shown() {
    const dialog = document.querySelector('[role="dialog"]')
    const title = dialog && document.getElementById(dialog.getAttribute('aria-labelledby') || '')
    return Boolean(title && title.textContent === 'Connect Wallet' &&
      [...dialog.querySelectorAll('button')].some((b) => b.textContent.includes('Portico Dev Wallet')))
  }
  let done = false
  function finish() {
    if (done || !shown()) return
    done = true
    observer.disconnect()
    requestAnimationFrame(() => resolve(performance.now() - start))
  }
  const observer = new MutationObserver(finish)
  observer.observe(document.body, { childList: true, subtree: true, characterData: true })
  const start = performance.now()
  button.click()
  finish()
})`

export const clickToPainted = (page: Page) => page.evaluate<number>(CLICK_TO_PAINTED)

/**
 * A visit with every given plugin switched on (`?features=<id>:true,…`): first open (plugins load),
 * connect, then each wallet feature button (and back) and each account tab, so lazy plugin chunks load.
 */
export async function visitPlugins(
  browser: Browser,
  stack: Stack,
  ids: string[],
): Promise<{ requests: Req[]; errors: string[] }> {
  const context = await newContext(browser, stack)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const { log: network } = await NetworkLog.attach(page)
  const features = ids.map((id) => `${id}:true`).join(',')
  await page.goto(`${stack.demoUrl}?features=${encodeURIComponent(features)}`, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  await walletButton(page).click()
  if (ids.includes('siwx')) {
    // Sign-in opens after connecting (SIWX): sign, so the visit goes on to the Account view.
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Sign', exact: true })
      .click()
    await page.getByRole('dialog').waitFor({ state: 'detached' })
  }
  await page.getByRole('button', { name: /^Open account 0x/ }).click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account.waitFor()
  await network.idle()
  const featureButtons = account.getByRole('navigation', { name: 'Wallet features' }).getByRole('button')
  const featureNames = await featureButtons.allInnerTexts()
  for (const name of featureNames) {
    await account.getByRole('navigation', { name: 'Wallet features' }).getByRole('button', { name }).click()
    await network.idle()
    // A feature that cannot start here (swaps on a chain without a DEX) has gone back to Account itself.
    const back = page.getByRole('dialog').getByRole('button', { name: 'Back' }).first()
    if (await back.isVisible()) await back.click()
    await account.waitFor()
  }
  const tabs = await account.getByRole('tab').allInnerTexts()
  for (const name of tabs) {
    await account.getByRole('tab', { name }).click()
    await network.idle()
  }
  await context.close()
  return { requests: network.requests, errors }
}
