import { ALLOWED_METHODS } from '@portico/kernel'
import { describe, expect, it } from 'vitest'
import { FRAME_ALLOWED_METHODS, isAllowedMethod } from './allowList.ts'

describe('the frame allow-list (behaviour §5)', () => {
  it('is exactly the kernel request pipeline allow-list, so the two cannot drift', () => {
    expect([...FRAME_ALLOWED_METHODS].sort()).toEqual([...ALLOWED_METHODS].sort())
  })

  it('has the behaviour §5 signing methods and no raw-hash signing', () => {
    for (const method of [
      'personal_sign',
      'eth_signTypedData_v4',
      'eth_sendTransaction',
      'solana_signMessage',
      'solana_signTransaction',
      'solana_signAndSendTransaction',
      'wallet_sendCalls',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'wallet_getAssets',
      'eth_getBalance',
      'eth_call',
    ])
      expect(isAllowedMethod(method), method).toBe(true)
    for (const method of [
      'eth_sign',
      'eth_signTransaction',
      'wallet_switchEthereumChain',
      'toString',
      'hasOwnProperty',
      {},
      null,
    ])
      expect(isAllowedMethod(method), String(method)).toBe(false)
  })
})
