import { describe, expect, it } from 'vitest'
import {
  ALLOWED_METHODS,
  EXTERNAL_WALLET_METHODS,
  isMethodAllowed,
  isUnsafeMethod,
  SAFE_METHODS,
  UNSAFE_METHODS,
} from './policy.ts'

describe('request policy (behaviour §5 allow-list, §6 safe/unsafe)', () => {
  it('refuses eth_sign for every connector type, even when a connector declares it', () => {
    for (const type of ['INJECTED', 'ANNOUNCED', 'WALLET_CONNECT', 'AUTH', 'EXTERNAL'] as const) {
      expect(isMethodAllowed('eth_sign', { type }, ['eth_sign'])).toBe(false)
    }
    expect(isMethodAllowed('eth_sign', undefined)).toBe(false)
  })

  it('gives browser and WalletConnect wallets the network switch, but not the frame (AUTH)', () => {
    for (const method of ['wallet_switchEthereumChain', 'wallet_addEthereumChain', 'wallet_watchAsset']) {
      expect(isMethodAllowed(method, { type: 'ANNOUNCED' })).toBe(true)
      expect(isMethodAllowed(method, { type: 'WALLET_CONNECT' })).toBe(true)
      expect(isMethodAllowed(method, { type: 'AUTH' })).toBe(false)
    }
    expect(isMethodAllowed('wallet_watchAsset', { type: 'AUTH' }, ['wallet_watchAsset'])).toBe(true)
  })

  it('refuses methods outside the list', () => {
    for (const method of [
      'eth_signTransaction',
      'debug_traceTransaction',
      'anvil_setBalance',
      '',
      'ETH_CALL',
    ])
      expect(isMethodAllowed(method, { type: 'ANNOUNCED' })).toBe(false)
  })

  it('holds the behaviour §5 frame list and the §6 split', () => {
    for (const method of [
      'eth_call',
      'eth_getBalance',
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'solana_signMessage',
      'solana_signAndSendTransaction',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
    ])
      expect(isMethodAllowed(method, { type: 'AUTH' }), method).toBe(true)
    expect(isUnsafeMethod('personal_sign')).toBe(true)
    expect(isUnsafeMethod('eth_sendUserOperation')).toBe(true)
    expect(isUnsafeMethod('eth_sendRawTransaction')).toBe(false)
    expect(isUnsafeMethod('eth_call')).toBe(false)
    expect(SAFE_METHODS.filter((method) => UNSAFE_METHODS.includes(method))).toEqual([])
    // User operations are not in the frame's list, only external wallets send them.
    expect(ALLOWED_METHODS).not.toContain('eth_sendUserOperation')
    expect(EXTERNAL_WALLET_METHODS).toContain('eth_sendUserOperation')
  })
})
