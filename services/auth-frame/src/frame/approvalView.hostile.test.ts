// @vitest-environment jsdom
/**
 * The frame's approval view with a request that would fail: however long it is visible, Approve never
 * arms, so only Reject (or the page withdrawing the request) ends it. The same request not blocked arms
 * as usual, so the test fails if the view ignored `blocked`.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ARM_MS, createApprovalView } from './approvalView.ts'
import type { RequestSummary } from './bridge.ts'

type Observed = (entries: Partial<IntersectionObserverEntry>[]) => void
let observers: Observed[] = []

beforeEach(() => {
  vi.useFakeTimers()
  observers = []
  // jsdom has no layout: the test says when the button is in view.
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: Observed) {
        observers.push(callback)
      }
      observe() {}
      disconnect() {}
    },
  )
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  document.body.replaceChildren()
})

const FAILING: RequestSummary = {
  title: 'Send a transaction',
  rows: [
    { label: 'Site', value: 'http://localhost:4173' },
    {
      label: 'This transaction would fail',
      value:
        'Reason: ERC20: transfer amount exceeds balance\nApprove is turned off: sending it would only spend gas.',
      warn: true,
    },
  ],
  blocked: true,
}

function show(summary: RequestSummary) {
  const controller = new AbortController()
  const decided = createApprovalView({ onSize: () => {}, themeMode: () => 'dark' })(
    summary,
    controller.signal,
  )
  const button = (name: string) =>
    [...document.querySelectorAll('button')].find((b) => b.textContent === name) as HTMLButtonElement
  const seen = () => {
    for (const observer of observers) observer([{ isIntersecting: true, intersectionRatio: 1 }])
    vi.advanceTimersByTime(ARM_MS * 4)
  }
  return { decided, controller, approve: () => button('Approve'), seen }
}

describe('the approval of a request that would fail', () => {
  it('shows the reason and never enables Approve, however long it is in view', async () => {
    const view = show(FAILING)
    expect(document.body.textContent).toContain('Reason: ERC20: transfer amount exceeds balance')
    view.seen()
    expect(view.approve().disabled).toBe(true)
    view.seen()
    expect(view.approve().disabled).toBe(true)
    view.controller.abort()
    expect(await view.decided).toBe(false)
  })

  it('the same request, not blocked, arms once it has been in view', async () => {
    const { blocked: _blocked, ...notBlocked } = FAILING
    const view = show(notBlocked)
    expect(view.approve().disabled).toBe(true)
    view.seen()
    expect(view.approve().disabled).toBe(false)
    view.controller.abort()
    expect(await view.decided).toBe(false)
  })
})
