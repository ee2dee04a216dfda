import type { ModalOptions } from '@portico/shared-types'
import type { AccountSnapshot } from '../storage/accountSnapshot.ts'
import { CONNECTION_STATUS_KEY } from '../storage/pageKeys.ts'
import { RESULT_URI_PARAM } from '../telegram/resultUriParam.ts'

/**
 * Whether the page needs the modal right away rather than on intent or first use: a connection to
 * restore (stored, or given by a server render) or a Telegram mini-app return (`result_uri`) to read.
 * Never throws.
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
