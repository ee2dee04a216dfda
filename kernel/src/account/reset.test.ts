// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { mapBackend, testKernel } from '../../test/account/solanaTesting.ts'
import { STORAGE_KEYS } from '../storage/keys.ts'
import { resetNamespace } from './reset.ts'

describe('resetNamespace (behaviour §4 reset)', () => {
  it('back to disconnected; clears uri, pairing expiry, linking, recent wallet, connector id and stored deep link', () => {
    const backend = mapBackend()
    const kernel = testKernel({}, backend)
    const stop = vi.fn()
    kernel.sessions.set('eip155', stop)
    const wallet = { id: 'w', name: 'Dev Wallet' }
    kernel.store.update((draft) => {
      const account = draft.accounts.eip155
      if (account) {
        account.status = 'connected'
        account.address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
      }
      draft.connection = {
        buffering: false,
        status: 'connected',
        wcUri: 'wc:abc@2',
        wcPairingExpiry: Date.now() + 60_000,
        wcLinking: { name: 'Dev Wallet', href: 'devwallet://' },
        recentWallet: wallet as never,
      }
    })
    kernel.storage.set(STORAGE_KEYS.connectedConnectorId('eip155'), 'walletConnect')
    kernel.storage.set(STORAGE_KEYS.deepLinkChoice, { name: 'Dev Wallet', href: 'devwallet://' })

    resetNamespace(kernel, 'eip155')

    expect(stop).toHaveBeenCalled()
    expect(kernel.store.get().connection).toEqual({ buffering: false, status: 'disconnected' })
    expect(kernel.store.get().accounts.eip155?.status).toBe('disconnected')
    expect(backend.data.has(STORAGE_KEYS.connectedConnectorId('eip155'))).toBe(false)
    expect(backend.data.has(STORAGE_KEYS.deepLinkChoice)).toBe(false)
  })
})
