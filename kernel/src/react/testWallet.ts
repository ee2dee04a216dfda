/** Test only: an EIP-6963 wallet standing in for a browser extension (one account on chain 31337). */
import type { Eip1193Provider } from '@portico/shared-types'

export const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export function announceTestWallet({ authorized = false } = {}) {
  let allowed = authorized
  const provider = {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts') {
        allowed = true
        return [TEST_ADDRESS]
      }
      if (method === 'eth_accounts') return allowed ? [TEST_ADDRESS] : []
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions') {
        allowed = false
        return null
      }
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
    on() {},
    removeListener() {},
  } as unknown as Eip1193Provider
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: '1', name: 'Test Wallet', icon: 'data:,', rdns: 'test.wallet' }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return { provider, stop: () => window.removeEventListener('eip6963:requestProvider', announce) }
}
