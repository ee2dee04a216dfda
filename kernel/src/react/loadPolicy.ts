import type { ModalOptions } from '@portico/shared-types'
import { RESULT_URI_PARAM } from '../connectors/walletconnect/resultUriParam.ts'
import type { AccountSnapshot } from '../storage/accountSnapshot.ts'
import { CONNECTION_STATUS_KEY } from '../storage/pageKeys.ts'

/**
 * Whether the page needs the modal right away rather than when idle: a connection to restore (stored,
 * or given by a server render) or a Telegram mini-app return (`result_uri`) to read. Never throws.
 */
export function needsModalAtOnce(
  options: ModalOptions | undefined,
  account: AccountSnapshot | undefined,
): boolean {
  if (account) return true
  try {
    const storage = options?.storage ?? globalThis.localStorage
    if (storage?.getItem(CONNECTION_STATUS_KEY) === 'connected') return true
  } catch {
    // Storage refused (privacy mode): nothing stored to restore.
  }
  try {
    return new URL(globalThis.location.href).searchParams.has(RESULT_URI_PARAM)
  } catch {
    return false
  }
}

/**
 * Runs `task` once the page has loaded and the browser is idle (requestIdleCallback, within 2 s; a
 * timer where it is missing). Returns a cancel function.
 */
export function scheduleIdle(task: () => void): () => void {
  let cancelled = false
  let cancelStep = () => {}
  const whenIdle = () => {
    if (cancelled) return
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => task(), { timeout: 2_000 })
      cancelStep = () => cancelIdleCallback(id)
    } else {
      const id = setTimeout(task, 1)
      cancelStep = () => clearTimeout(id)
    }
  }
  if (typeof document === 'undefined' || document.readyState === 'complete') whenIdle()
  else {
    addEventListener('load', whenIdle, { once: true })
    cancelStep = () => removeEventListener('load', whenIdle)
  }
  return () => {
    cancelled = true
    cancelStep()
  }
}
