import { RESULT_URI_PARAM } from './resultUriParam.ts'

export { RESULT_URI_PARAM }

const MAX_RESULT_URI_LENGTH = 2_048
/** The value is the auth frame's social callback address: a web address, nothing else. */
const ALLOWED_SCHEMES = new Set(['https:', 'http:'])

interface AddressBar {
  location: { href: string }
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string): void }
}

/**
 * behaviour §2, the only address handling: a Telegram mini-app return reads `result_uri`, then removes it
 * from the address (history.replaceState: no reload, no new history entry; other parameters and the
 * hash stay). Returns the value when it is a bounded URL of an allowed scheme, else undefined.
 */
export function takeTelegramResultUri(win: AddressBar): string | undefined {
  let address: URL
  try {
    address = new URL(win.location.href)
  } catch {
    return undefined
  }
  if (!address.searchParams.has(RESULT_URI_PARAM)) return undefined
  const value = address.searchParams.get(RESULT_URI_PARAM) ?? ''
  address.searchParams.delete(RESULT_URI_PARAM)
  win.history.replaceState(win.history.state, '', address.toString())
  if (value.length === 0 || value.length > MAX_RESULT_URI_LENGTH) return undefined
  try {
    return ALLOWED_SCHEMES.has(new URL(value).protocol) ? value : undefined
  } catch {
    return undefined
  }
}
