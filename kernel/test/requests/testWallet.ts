/** Test only: an announced EIP-1193 wallet whose signing requests the test settles by hand. */
import type { Eip1193Provider } from '@portico/shared-types'

export const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

interface Held {
  method: string
  /** The params exactly as the wallet was given them. */
  params: unknown
  resolve(value: unknown): void
  reject(error: unknown): void
}

export function testWallet(rdns = 'test.wallet', name = 'Test Wallet', { announce: announced = true } = {}) {
  let authorized = false
  const received: string[] = []
  const held: Held[] = []
  const listeners = new Map<string, ((value: unknown) => void)[]>()
  const provider = {
    request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      received.push(method)
      if (method === 'eth_requestAccounts') {
        authorized = true
        return Promise.resolve([TEST_ADDRESS])
      }
      if (method === 'eth_accounts') return Promise.resolve(authorized ? [TEST_ADDRESS] : [])
      if (method === 'eth_chainId') return Promise.resolve('0x7a69')
      // A read the kernel makes after connecting (asset discovery): no capabilities, answered at once.
      if (method === 'wallet_getCapabilities') return Promise.resolve({})
      if (method === 'wallet_revokePermissions') {
        authorized = false
        return Promise.resolve(null)
      }
      // Everything else (signing, sending, eth_sign) waits for the test.
      return new Promise((resolve, reject) => held.push({ method, params, resolve, reject }))
    },
    on: (event: string, listener: (value: unknown) => void) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
    },
    removeListener: (event: string, listener: (value: unknown) => void) => {
      listeners.set(
        event,
        (listeners.get(event) ?? []).filter((candidate) => candidate !== listener),
      )
    },
    emit: (event: string, value: unknown) => {
      for (const listener of listeners.get(event) ?? []) listener(value)
    },
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: rdns, name, icon: 'data:,', rdns },
          provider: provider as unknown as Eip1193Provider,
        },
      }),
    )
  if (announced) window.addEventListener('eip6963:requestProvider', announce)
  return {
    provider,
    /** The same provider, typed as the contract's EIP-1193 provider. */
    eip1193: provider as unknown as Eip1193Provider,
    received,
    held,
    stop: () => window.removeEventListener('eip6963:requestProvider', announce),
  }
}
