/**
 * The approval the user sees inside the frame (the frame's own origin and document: no script of the
 * embedding page can read, change or click it). Every value is set with textContent.
 *
 * Clickjacking: the page decides where the frame is and what covers it. Approve stays disabled until the
 * button has been visible, unobscured, for ARM_MS: IntersectionObserver v2 (`trackVisibility`) reports a
 * frame that is transparent, filtered, transformed or covered as not visible, where the browser has it;
 * elsewhere plain intersection and the page's visibility are used. Only a trusted click (or key press)
 * with user activation approves; a scripted event never does. A summary marked `blocked` (the
 * transaction would fail) never arms Approve at all.
 */
import type { Approver, RequestSummary } from './bridge.ts'
import { button, element, showView } from './dom.ts'

export const ARM_MS = 500

export interface ApprovalViewOptions {
  /** The height the content needs (the app sizes the frame's place with it). */
  onSize(height: number): void
  /** The app's theme (SYNC_THEME): 'light' or 'dark'. */
  themeMode(): string | undefined
}

interface VisibilityEntry extends IntersectionObserverEntry {
  isVisible?: boolean
}

const supportsVisibility = () =>
  typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype

/** Keeps `button` disabled until it has been seen for ARM_MS; returns the disposer. */
function armWhenVisible(button: HTMLButtonElement, onArmed: (armed: boolean) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  const set = (visible: boolean) => {
    clearTimeout(timer)
    if (!visible || document.visibilityState !== 'visible') return onArmed(false)
    timer = setTimeout(() => onArmed(true), ARM_MS)
  }
  const v2 = supportsVisibility()
  const observer = new IntersectionObserver(
    (entries) => {
      const entry = entries.at(-1) as VisibilityEntry | undefined
      if (entry) set(v2 ? entry.isVisible === true : entry.isIntersecting && entry.intersectionRatio >= 0.99)
    },
    // trackVisibility needs a delay of at least 100 ms.
    { threshold: [0, 1], ...(v2 && { trackVisibility: true, delay: 100 }) } as IntersectionObserverInit,
  )
  observer.observe(button)
  const onVisibility = () => {
    if (document.visibilityState !== 'visible') set(false)
  }
  document.addEventListener('visibilitychange', onVisibility)
  return () => {
    clearTimeout(timer)
    observer.disconnect()
    document.removeEventListener('visibilitychange', onVisibility)
  }
}

/** An approver rendering into document.body. */
export function createApprovalView(options: ApprovalViewOptions): Approver {
  return (summary: RequestSummary, signal: AbortSignal) =>
    new Promise<boolean>((resolve) => {
      if (signal.aborted) return resolve(false)
      const root = element('main', 'approval')
      root.setAttribute('aria-labelledby', 'approval-title')
      const title = element('h1', 'title', summary.title)
      title.id = 'approval-title'
      const rows = element('dl', 'rows')
      for (const row of summary.rows.slice(0, 64)) {
        const item = element('div', row.warn ? 'row warn' : 'row')
        item.append(element('dt', undefined, row.label), element('dd', undefined, row.value))
        rows.append(item)
      }
      const actions = element('div', 'actions')
      const reject = button('Reject', 'reject')
      const approve = button('Approve', 'approve')
      approve.disabled = true
      actions.append(reject, approve)
      root.append(title, rows, actions)
      showView(root, options.themeMode(), options.onSize)

      let armed = false
      // A request that would fail (its simulation reverted) is never armed: Reject is the only way out.
      const disarm = armWhenVisible(approve, (next) => {
        armed = next && !summary.blocked
        approve.disabled = !armed
      })
      const finish = (approved: boolean) => {
        disarm()
        signal.removeEventListener('abort', onAbort)
        document.removeEventListener('keydown', onKey)
        if (approved) {
          reject.disabled = true
          approve.disabled = true
          approve.textContent = 'Approving…'
          // The next request replaces this view; until then the click's result shows as pending.
          setTimeout(() => root.isConnected && document.body.replaceChildren(), 30_000)
        } else document.body.replaceChildren()
        resolve(approved)
      }
      const onAbort = () => finish(false)
      const userActive = () =>
        (navigator as Navigator & { userActivation?: { isActive: boolean } }).userActivation?.isActive ?? true
      approve.addEventListener('click', (event) => {
        if (!event.isTrusted || !armed || !userActive()) return
        finish(true)
      })
      reject.addEventListener('click', (event) => {
        if (event.isTrusted) finish(false)
      })
      const onKey = (event: KeyboardEvent) => {
        if (event.key === 'Escape' && event.isTrusted) finish(false)
      }
      document.addEventListener('keydown', onKey)
      signal.addEventListener('abort', onAbort)
      reject.focus({ preventScroll: true })
    })
}
