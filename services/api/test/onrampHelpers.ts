import type { OnrampOrderView } from '../src/index.ts'
import { ONRAMP_SIGNATURE_HEADER, signProviderCall } from '../src/index.ts'
import { getJson } from './helpers.ts'

export const ONRAMP_SECRET = 'test-onramp-secret-0123456789abcdef'
export const PAGE_URL = 'http://127.0.0.1:5999'

/** A call of the provider page's server to /provider/onramp/*, signed as services/onramp signs it. */
export function providerCall(apiUrl: string, method: 'GET' | 'POST', path: string, secret = ONRAMP_SECRET) {
  return getJson<OnrampOrderView & { message?: string }>(`${apiUrl}${path}`, {
    method,
    headers: { [ONRAMP_SIGNATURE_HEADER]: signProviderCall(secret, method, path) },
  })
}

export function orderIdOf(url: string): string {
  return new URL(url).searchParams.get('order') ?? ''
}
