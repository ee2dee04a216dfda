// @vitest-environment jsdom

import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { recoverMessageAddress } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEV_ACCOUNTS } from '../accounts.ts'
import { SOLANA_DEV_ACCOUNTS } from '../solana/accounts.ts'
import { SOLANA_NETWORK_ID } from '../solana/network.ts'
import { STORAGE_KEYS } from './storage.ts'

type Announced = { info: { rdns: string }; provider: { request(a: { method: string }): Promise<unknown> } }
type TestWindow = Window & { __PORTICO_DEV_WALLET__?: unknown; ethereum?: unknown }

/** Loads the browser entry fresh, as a page would with addInitScript, and collects announcements. */
async function loadEntry(): Promise<Announced[]> {
  const seen: Announced[] = []
  window.addEventListener('eip6963:announceProvider', (e) => seen.push((e as CustomEvent<Announced>).detail))
  vi.resetModules()
  await import('./browser.ts')
  return seen
}

const config = {
  privateKey: DEV_ACCOUNTS[0]?.privateKey,
  chains: { 31337: 'http://127.0.0.1:1', 31338: 'http://127.0.0.1:2' },
  defaultChainId: 31338,
}

describe('browser entry', () => {
  afterEach(() => {
    const w = window as TestWindow
    delete w.__PORTICO_DEV_WALLET__
    delete w.ethereum
    localStorage.clear()
  })

  it('reads window.__PORTICO_DEV_WALLET__, announces, and persists authorization in localStorage', async () => {
    ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config }
    const seen = await loadEntry()
    expect(seen).toHaveLength(1)
    const { provider, info } = seen[0] as Announced
    expect(info.rdns).toBe('dev.portico.wallet')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([DEV_ACCOUNTS[0]?.address])
    expect(localStorage.getItem(STORAGE_KEYS.authorized)).toContain(DEV_ACCOUNTS[0]?.address)
    window.dispatchEvent(new Event('eip6963:requestProvider'))
    expect(seen.length).toBeGreaterThanOrEqual(2)
    expect((window as TestWindow).ethereum).toBeUndefined()
  })

  it('sets window.ethereum when legacyInjected, and reads autoReject live', async () => {
    const live = { ...config, legacyInjected: true, autoReject: [] as string[] }
    ;(window as TestWindow).__PORTICO_DEV_WALLET__ = live
    const seen = await loadEntry()
    const ethereum = (window as TestWindow).ethereum
    expect(ethereum).toBe(seen[0]?.provider)
    live.autoReject.push('eth_requestAccounts')
    await expect(seen[0]?.provider.request({ method: 'eth_requestAccounts' })).rejects.toMatchObject({
      code: 4001,
    })
  })

  it('registers a Wallet Standard Solana wallet when the config has solana, both ways round', async () => {
    const live = {
      ...config,
      autoReject: [] as string[],
      solana: {
        secretKey: SOLANA_DEV_ACCOUNTS[2]?.secretKeyBase58,
        rpcUrl: 'http://127.0.0.1:1',
        networkId: SOLANA_NETWORK_ID,
      },
    }
    ;(window as TestWindow).__PORTICO_DEV_WALLET__ = live
    // the app is there first: it hears wallet-standard:register-wallet
    const registered: Wallet[] = []
    const onRegister = (e: Event) =>
      (e as CustomEvent).detail({ register: (w: Wallet) => registered.push(w) })
    window.addEventListener('wallet-standard:register-wallet', onRegister)
    const seen = await loadEntry()
    expect(seen).toHaveLength(1) // the EIP-6963 provider is still announced
    await vi.waitFor(() => expect(registered).toHaveLength(1))
    window.removeEventListener('wallet-standard:register-wallet', onRegister)
    const wallet = registered[0] as Wallet
    expect(wallet.name).toBe('Portico Dev Wallet')
    expect(wallet.chains).toEqual([SOLANA_NETWORK_ID])
    // the app comes later: it dispatches wallet-standard:app-ready and gets the same wallet
    const late: Wallet[] = []
    window.dispatchEvent(
      Object.assign(new Event('wallet-standard:app-ready'), {
        detail: { register: (w: Wallet) => late.push(w) },
      }),
    )
    expect(late).toEqual([wallet])

    type Connect = { connect(): Promise<{ accounts: WalletAccount[] }> }
    type SignMessage = { signMessage(i: { account: WalletAccount; message: Uint8Array }): Promise<unknown[]> }
    const connect = wallet.features['standard:connect'] as Connect
    const [account] = (await connect.connect()).accounts
    expect(account?.address).toBe(SOLANA_DEV_ACCOUNTS[2]?.publicKey)
    expect(localStorage.getItem(STORAGE_KEYS.solanaAuthorized)).toContain(SOLANA_DEV_ACCOUNTS[2]?.publicKey)
    live.autoReject.push('solana:signMessage')
    const sign = wallet.features['solana:signMessage'] as SignMessage
    await expect(
      sign.signMessage({ account: account as WalletAccount, message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({
      code: 4001,
    })
  })

  it('evaluates the Bitcoin wallet (bitcoinjs-lib, secp256k1) only for a config with bitcoin', async () => {
    const evaluated = vi.fn()
    vi.doMock('./bitcoin/wallet.ts', async (importOriginal) => {
      evaluated()
      return importOriginal()
    })
    try {
      ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config }
      expect(await loadEntry()).toHaveLength(1)
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(evaluated).not.toHaveBeenCalled()

      const bitcoin = { privateKey: '22'.repeat(32), networkId: `bip122:${'0'.repeat(32)}` }
      ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config, bitcoin }
      const registered: Wallet[] = []
      const onRegister = (e: Event) =>
        (e as CustomEvent).detail({ register: (w: Wallet) => registered.push(w) })
      window.addEventListener('wallet-standard:register-wallet', onRegister)
      await loadEntry()
      await vi.waitFor(() => expect(registered).toHaveLength(1))
      window.removeEventListener('wallet-standard:register-wallet', onRegister)
      expect(evaluated).toHaveBeenCalledTimes(1)
      expect(registered[0]?.chains).toEqual(['bitcoin:regtest'])
    } finally {
      vi.doUnmock('./bitcoin/wallet.ts')
    }
  })

  it('evaluates the Solana wallet (ed25519) only for a config with solana; a bad key is reported', async () => {
    const evaluated = vi.fn()
    vi.doMock('../solana/keys.ts', async (importOriginal) => {
      evaluated()
      return importOriginal()
    })
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config }
      expect(await loadEntry()).toHaveLength(1)
      await new Promise((resolve) => setTimeout(resolve, 0))
      expect(evaluated).not.toHaveBeenCalled()

      // 64 bytes whose public half is not the seed's: the EVM side stands, the Solana wallet says why.
      const secretKey = [...(SOLANA_DEV_ACCOUNTS[0]?.secretKey.slice(0, 32) ?? []), ...new Array(32).fill(7)]
      const solana = { secretKey, rpcUrl: 'http://127.0.0.1:1', networkId: SOLANA_NETWORK_ID }
      ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config, solana }
      const [announced] = await loadEntry()
      expect(await announced?.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
      await vi.waitFor(() =>
        expect(error).toHaveBeenCalledWith(
          '[portico dev wallet] Solana wallet failed to start:',
          expect.objectContaining({ message: expect.stringMatching(/does not match its public key half/) }),
        ),
      )
      expect(evaluated).toHaveBeenCalledTimes(1)
    } finally {
      vi.doUnmock('../solana/keys.ts')
      error.mockRestore()
    }
  })

  it('evaluates viem/accounts and makes the account (noble its base-point table) at the first signature', async () => {
    const made = vi.fn()
    const imported = vi.fn()
    vi.doMock('viem/accounts', async (importOriginal) => {
      imported()
      const original = await importOriginal<typeof import('viem/accounts')>()
      return {
        ...original,
        privateKeyToAccount: (...args: Parameters<typeof original.privateKeyToAccount>) => {
          made()
          return original.privateKeyToAccount(...args)
        },
      }
    })
    try {
      ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config }
      const [announced] = await loadEntry()
      const provider = announced?.provider as Announced['provider'] & {
        request(a: { method: string; params?: unknown[] }): Promise<unknown>
      }
      const address = DEV_ACCOUNTS[0]?.address
      expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([address])
      expect(await provider.request({ method: 'eth_accounts' })).toEqual([address])
      expect(made).not.toHaveBeenCalled()
      expect(imported).not.toHaveBeenCalled()
      const signature = await provider.request({ method: 'personal_sign', params: ['0x68690a', address] })
      expect(made).toHaveBeenCalledTimes(1)
      expect(
        await recoverMessageAddress({ message: { raw: '0x68690a' }, signature: signature as `0x${string}` }),
      ).toBe(address)
    } finally {
      vi.doUnmock('viem/accounts')
    }
  })

  it('derives the address (keccak of the public key) at the first account request, not at install', async () => {
    const hashed = vi.fn()
    vi.doMock('viem', async (importOriginal) => {
      const original = await importOriginal<typeof import('viem')>()
      return {
        ...original,
        keccak256: (...args: Parameters<typeof original.keccak256>) => {
          hashed()
          return original.keccak256(...args)
        },
      }
    })
    try {
      ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config }
      const [announced] = await loadEntry()
      expect(await announced?.provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
      expect(await announced?.provider.request({ method: 'eth_accounts' })).toEqual([])
      expect(hashed).not.toHaveBeenCalled()
      expect(await announced?.provider.request({ method: 'eth_requestAccounts' })).toEqual([
        DEV_ACCOUNTS[0]?.address,
      ])
      expect(hashed).toHaveBeenCalled()
    } finally {
      vi.doUnmock('viem')
    }
  })

  it('evaluates the asset reader (ABI codec) at the first wallet_getAssets, not at install', async () => {
    const evaluated = vi.fn()
    vi.doMock('./assets.ts', async (importOriginal) => {
      evaluated()
      return importOriginal()
    })
    try {
      const token = `0x${'1'.repeat(40)}`
      ;(window as TestWindow).__PORTICO_DEV_WALLET__ = { ...config, assets: { 31338: [token] } }
      const [announced] = await loadEntry()
      const provider = announced?.provider as Announced['provider'] & {
        request(a: { method: string; params?: unknown[] }): Promise<unknown>
      }
      const address = DEV_ACCOUNTS[0]?.address
      await provider.request({ method: 'eth_requestAccounts' })
      expect(await provider.request({ method: 'wallet_getCapabilities' })).toEqual({
        '0x7a6a': { assetDiscovery: { supported: true } },
      })
      expect(evaluated).not.toHaveBeenCalled()
      // No node answers at 127.0.0.1:2: the read fails, after the reader was loaded for it.
      await expect(
        provider.request({ method: 'wallet_getAssets', params: [{ account: address }] }),
      ).rejects.toBeTruthy()
      expect(evaluated).toHaveBeenCalledTimes(1)
    } finally {
      vi.doUnmock('./assets.ts')
    }
  })

  it('stays off without a config', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const seen = await loadEntry()
    expect(seen).toHaveLength(0)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('__PORTICO_DEV_WALLET__'))
    warn.mockRestore()
  })
})
