import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS } from '../accounts.ts'
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
