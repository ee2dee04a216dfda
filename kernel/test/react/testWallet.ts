/**
 * Test only: an EIP-6963 wallet standing in for a browser extension (one account, chain 31337 until
 * switched); `requests` records the personal_sign calls it answered.
 */
import type { Eip1193Provider } from '@portico/shared-types'

export const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export function announceTestWallet({ authorized = false } = {}) {
  let allowed = authorized
  let chainId = 31337
  const requests: { method: string; params: unknown }[] = []
  const listeners = new Map<string, Set<(value: unknown) => void>>()
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }) {
      if (method === 'eth_requestAccounts') {
        allowed = true
        return [TEST_ADDRESS]
      }
      if (method === 'eth_accounts') return allowed ? [TEST_ADDRESS] : []
      if (method === 'eth_chainId') return `0x${chainId.toString(16)}`
      if (method === 'wallet_switchEthereumChain') {
        chainId = Number((params as [{ chainId: string }])[0].chainId)
        for (const listener of listeners.get('chainChanged') ?? []) listener(`0x${chainId.toString(16)}`)
        return null
      }
      if (method === 'personal_sign') {
        requests.push({ method, params })
        return `0x${'ab'.repeat(65)}`
      }
      if (method === 'wallet_revokePermissions') {
        allowed = false
        return null
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
    on(event: string, listener: (value: unknown) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener))
    },
    removeListener(event: string, listener: (value: unknown) => void) {
      listeners.get(event)?.delete(listener)
    },
  } as unknown as Eip1193Provider
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: '1', name: 'Test Wallet', icon: 'data:,', rdns: 'test.wallet' }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return { provider, requests, stop: () => window.removeEventListener('eip6963:requestProvider', announce) }
}
