/**
 * The bench's steps in the demo page (bench/run.ts): a context with the injected dev wallet (and the
 * long-task probe), the heap, and a visit through every plugin. The open itself (pointer, then click)
 * is bench/lib/pageMetrics.ts's, shared with the peers.
 */
import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'
import type { Stack } from '../../scripts/lib/stack.ts'
import { NetworkLog, type Req } from './networkLog.ts'
import { LONG_TASK_PROBE } from './pageMetrics.ts'

export async function newContext(browser: Browser, stack: Stack): Promise<BrowserContext> {
  const context = await browser.newContext()
  await context.addInitScript(LONG_TASK_PROBE)
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
