import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../accounts.ts'
import { SOLANA_DEV_ACCOUNTS } from '../solana/accounts.ts'
import { parseDevWalletConfig } from './config.ts'

const privateKey = DEV_ACCOUNTS[0]?.privateKey as `0x${string}`

describe('parseDevWalletConfig', () => {
  it('accepts a valid config and turns chain keys into numbers', () => {
    const config = parseDevWalletConfig({
      privateKey,
      chains: { '31337': 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' },
      defaultChainId: 31338,
      autoReject: ['personal_sign'],
    })
    expect(config.chains).toEqual({ 31337: 'http://127.0.0.1:8545', 31338: 'http://127.0.0.1:8546' })
    expect(config.defaultChainId).toBe(31338)
    expect(config.autoReject).toEqual(['personal_sign'])
  })

  it('accepts a Solana part with the secret key as bytes or base58', () => {
    const account = SOLANA_DEV_ACCOUNTS[0]
    for (const secretKey of [account?.secretKey, account?.secretKeyBase58]) {
      const config = parseDevWalletConfig({
        privateKey,
        chains: { 1: 'http://x' },
        defaultChainId: 1,
        solana: {
          secretKey,
          rpcUrl: 'http://127.0.0.1:8899',
          networkId: 'solana:PorticoDevnet1111111111111111111',
        },
      })
      expect(config.solana?.secretKey).toEqual(Uint8Array.from(account?.secretKey ?? []))
      expect(config.solana?.rpcUrl).toBe('http://127.0.0.1:8899')
    }
  })

  const evm = { privateKey, chains: { 1: 'http://x' }, defaultChainId: 1 }
  const solana = {
    secretKey: SOLANA_DEV_ACCOUNTS[0]?.secretKeyBase58,
    rpcUrl: 'http://x',
    networkId: 'solana:abc',
  }

  it.each([
    [{ ...evm, solana: 'yes' }, /solana must be an object/],
    [{ ...evm, solana: { ...solana, rpcUrl: 'ws://x' } }, /solana.rpcUrl/],
    [{ ...evm, solana: { ...solana, networkId: 'eip155:1' } }, /solana.networkId/],
    [{ ...evm, solana: { ...solana, secretKey: [1, 2, 3] } }, /solana.secretKey: .*64 bytes/],
    [{ ...evm, solana: { ...solana, secretKey: [300] } }, /solana.secretKey must be/],
    [{ ...evm, solana: { ...solana, secretKey: '0OIl' } }, /solana.secretKey: invalid base58/],
  ])('rejects a bad Solana part %j clearly', (raw, message) => {
    expect(() => parseDevWalletConfig(raw)).toThrow(message)
  })

  it.each([
    [undefined, /expected an object/],
    [{ privateKey: '0x12', chains: {}, defaultChainId: 1 }, /privateKey/],
    [{ privateKey, chains: { 1: 'ftp://x' }, defaultChainId: 1 }, /http\(s\) RPC URL/],
    [{ privateKey, chains: { 1: 'http://x' }, defaultChainId: 2 }, /defaultChainId 2/],
    [{ privateKey, chains: { 1: 'http://x' }, defaultChainId: 1, autoReject: 'personal_sign' }, /autoReject/],
  ])('rejects %j clearly', (raw, message) => {
    expect(() => parseDevWalletConfig(raw)).toThrow(message)
  })
})

describe('parseDevWalletConfig assets (asset discovery)', () => {
  const base = { privateKey, chains: { 1: 'http://x' }, defaultChainId: 1 }
  const TOKEN = `0x${'1'.repeat(40)}`

  it('accepts ERC-20 lists for configured chains', () => {
    expect(parseDevWalletConfig({ ...base, assets: { '1': [TOKEN] } }).assets).toEqual({ 1: [TOKEN] })
  })

  it('refuses lists for unknown chains, non-addresses, over-long lists and non-objects', () => {
    const bad = [
      { 2: [TOKEN] },
      { 1: ['0x12'] },
      { 1: [42] },
      { 1: TOKEN },
      { 1: Array.from({ length: 51 }, () => TOKEN) },
      [TOKEN],
      'x',
    ]
    for (const assets of bad) expect(() => parseDevWalletConfig({ ...base, assets })).toThrow(/assets/)
  })
})

describe('parseDevWalletConfig batchDelegates (EIP-5792 atomic batches)', () => {
  const base = { privateKey, chains: { 1: 'http://x' }, defaultChainId: 1 }
  const DELEGATE = `0x${'2'.repeat(40)}`

  it('accepts one delegate address per configured chain', () => {
    expect(parseDevWalletConfig({ ...base, batchDelegates: { '1': DELEGATE } }).batchDelegates).toEqual({
      1: DELEGATE,
    })
    expect(parseDevWalletConfig(base).batchDelegates).toBeUndefined()
  })

  it('refuses unknown chains, non-addresses and non-objects', () => {
    for (const batchDelegates of [{ 2: DELEGATE }, { 1: '0x12' }, { 1: [DELEGATE] }, [DELEGATE], 'x'])
      expect(() => parseDevWalletConfig({ ...base, batchDelegates })).toThrow(/batchDelegates/)
  })
})
