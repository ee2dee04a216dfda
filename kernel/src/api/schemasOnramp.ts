/** On-ramp answers as plugins get them (behaviour §7): the URL a plugin opens must be a web page. */
import * as v from 'valibot'
import { OnrampUrlSchema as OnrampUrlShape } from './schemas.ts'

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

export const OnrampUrlSchema = v.pipe(
  OnrampUrlShape,
  v.check(({ url }) => isSafeWebUrl(url), 'Expected an https URL'),
)
