import { ONRAMP_SIGNATURE_HEADER, type OnrampOrderView, signProviderCall } from '@portico/api'

export class ApiAnswerError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface OrdersApi {
  get(id: string): Promise<OnrampOrderView | null>
  claim(id: string): Promise<OnrampOrderView>
  /** Records a signed delivery (before it is sent); a replacement must reuse the nonce (else 409). */
  recordDelivery(id: string, nonce: number, txHash: string): Promise<OnrampOrderView>
  /** processing → pending; refused (409) once a delivery is recorded. */
  release(id: string): Promise<OnrampOrderView>
  complete(id: string, txHash: string): Promise<OnrampOrderView>
  /** Processing orders with a recorded delivery, to reconcile. */
  deliveries(): Promise<OnrampOrderView[]>
}

const ORDER_ID = /^[A-Za-z0-9_-]{24}$/

/**
 * The API's /provider/onramp/* calls, each signed with the shared secret (no body) and a new request
 * id (the API takes each signed call once).
 */
export function ordersApi(apiUrl: string, secret: string): OrdersApi {
  const call = async <T = OnrampOrderView>(method: 'GET' | 'POST', path: string): Promise<T> => {
    const res = await fetch(`${apiUrl}${path}`, {
      method,
      headers: { [ONRAMP_SIGNATURE_HEADER]: signProviderCall(secret, method, path) },
      signal: AbortSignal.timeout(15_000),
    })
    const body = (await res.json().catch(() => null)) as (T & { message?: string }) | null
    if (!res.ok || !body) throw new ApiAnswerError(res.status, body?.message ?? `API answered ${res.status}`)
    return body
  }
  const path = (id: string, action = '') => {
    if (!ORDER_ID.test(id)) throw new ApiAnswerError(404, 'No such order')
    return `/provider/onramp/orders/${id}${action}`
  }
  return {
    async get(id) {
      try {
        return await call('GET', path(id))
      } catch (err) {
        if (err instanceof ApiAnswerError && err.status === 404) return null
        throw err
      }
    },
    claim: (id) => call('POST', path(id, '/claim')),
    recordDelivery: (id, nonce, txHash) => call('POST', path(id, `/delivery/${nonce}/${txHash}`)),
    release: (id) => call('POST', path(id, '/release')),
    complete: (id, txHash) => call('POST', path(id, `/complete/${txHash}`)),
    deliveries: async () =>
      (await call<{ orders: OnrampOrderView[] }>('GET', '/provider/onramp/deliveries')).orders,
  }
}
