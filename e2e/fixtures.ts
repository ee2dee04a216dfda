import { test as base, expect, type Page } from '@playwright/test'
import { DIALOG_TRACE_PREFIX, dialogTraceScript } from './dialogTrace.ts'
import { readStackInfo, type StackInfo } from './stackInfo.ts'

export { expect }

export interface WalletOption {
  /** Dev account index (0–9); one per spec file keeps chain state apart. */
  account: number
  /** Methods the dev wallet answers with 4001 (user rejected). */
  autoReject?: string[]
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A URL the page fetched that leaves this machine (http, https, ws, wss to any other host). */
export function isNonLocal(url: string): boolean {
  const parsed = new URL(url)
  return /^(https?|wss?):$/.test(parsed.protocol) && !LOCAL_HOSTS.has(parsed.hostname)
}

/**
 * Waits until the page has had no request start or end for `quietMs` (Playwright's 'networkidle'
 * load state is reached once per navigation, so it cannot wait for requests started by a click).
 */
export async function networkQuiet(page: Page, quietMs = 500): Promise<void> {
  let inFlight = 0
  let last = Date.now()
  const started = () => {
    inFlight++
    last = Date.now()
  }
  const ended = () => {
    inFlight--
    last = Date.now()
  }
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  try {
    await expect
      .poll(() => inFlight <= 0 && Date.now() - last >= quietMs, {
        intervals: [100],
        message: 'network quiet',
      })
      .toBe(true)
  } finally {
    page.off('request', started)
    page.off('requestfinished', ended)
    page.off('requestfailed', ended)
  }
}

interface Fixtures {
  /** The dev wallet to inject like a browser extension would, or null for a page without wallet. */
  wallet: WalletOption | null
  /** Every URL requested by the test's pages, in order (HTTP and WebSocket). */
  requests: string[]
  /** Uncaught errors of the page; any fails the test. */
  pageErrors: string[]
  /**
   * Content-Security-Policy violations in the test's pages and their frames (`securitypolicyviolation`);
   * any fails the test. The demo is served under a strict policy (scripts/lib/demoCsp.ts).
   */
  cspViolations: string[]
  /** The pages' console, kept as an attachment when the test fails (CI prints it: no trace survives there). */
  pageConsole: string[]
}

/** The page-side function the CSP fixture's init script reports each violation to. */
const CSP_BINDING = '__porticoCspViolation'

/** Runs in every page and frame before its scripts: reports what the policy blocked, and where. */
function reportCspViolations(binding: string) {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[binding]
    report?.(
      `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
    )
  })
}

/** Bounds what one test can keep from a chatty page (the dialog trace has a budget of its own). */
const CONSOLE_LINES = 200

export const test = base.extend<Fixtures, { stack: StackInfo }>({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
  stack: [async ({}, use) => use(readStackInfo()), { scope: 'worker' }],
  wallet: [null, { option: true }],

  context: async ({ context, wallet, stack }, use) => {
    if (wallet) {
      const account = stack.accounts[wallet.account]
      if (!account) throw new Error(`no dev account ${wallet.account}`)
      const config = {
        ...account.walletConfig,
        ...(wallet.autoReject ? { autoReject: wallet.autoReject } : {}),
      }
      await context.addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(config)}`)
      await context.addInitScript({ path: stack.devWalletBundle })
    }
    await use(context)
  },

  requests: [
    async ({ context }, use, testInfo) => {
      const urls: string[] = []
      const watch = (page: import('@playwright/test').Page) =>
        page.on('websocket', (socket) => urls.push(socket.url()))
      context.pages().forEach(watch)
      context.on('page', watch)
      context.on('request', (request) => urls.push(request.url()))
      await use(urls)
      const offenders = urls.filter(isNonLocal)
      if (offenders.length > 0) await testInfo.attach('non-local requests', { body: offenders.join('\n') })
      expect(offenders, 'the page requested hosts other than localhost / 127.0.0.1 / [::1]').toEqual([])
    },
    { auto: true },
  ],

  pageErrors: [
    async ({ context }, use) => {
      const errors: string[] = []
      const watch = (page: import('@playwright/test').Page) =>
        page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`))
      context.pages().forEach(watch)
      context.on('page', watch)
      await use(errors)
      expect(errors, 'uncaught errors in the page').toEqual([])
    },
    { auto: true },
  ],

  cspViolations: [
    async ({ context }, use) => {
      const violations: string[] = []
      await context.exposeBinding(CSP_BINDING, ({ frame }, text: string) => {
        violations.push(`${frame.url()}: ${text}`)
      })
      await context.addInitScript(reportCspViolations, CSP_BINDING)
      await use(violations)
      expect(violations, 'Content-Security-Policy violations in the page').toEqual([])
    },
    { auto: true },
  ],

  pageConsole: [
    async ({ context }, use, testInfo) => {
      const lines: string[] = []
      const trace: string[] = []
      const started = Date.now()
      await context.addInitScript(dialogTraceScript)
      const watch = (page: import('@playwright/test').Page) =>
        page.on('console', (message) => {
          const text = message.text()
          const kept = text.startsWith(DIALOG_TRACE_PREFIX) ? trace : lines
          if (kept.length < CONSOLE_LINES)
            kept.push(`+${Date.now() - started}ms ${message.type()}: ${text.slice(0, 500)}`)
        })
      context.pages().forEach(watch)
      context.on('page', watch)
      await use(lines)
      if (testInfo.status === testInfo.expectedStatus) return
      if (lines.length > 0)
        await testInfo.attach('page console', { body: lines.join('\n'), contentType: 'text/plain' })
      if (trace.length > 0)
        await testInfo.attach('presses and dialogs', { body: trace.join('\n'), contentType: 'text/plain' })
    },
    { auto: true },
  ],
})
