const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** https anywhere; http only on a loopback host (the local stack). Never javascript:, data:, … */
export function isSafeWebUrl(text: string): boolean {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname))
}
