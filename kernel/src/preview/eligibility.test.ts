import { describe, expect, it } from 'vitest'
import { previewApplies } from './eligibility.ts'

const injected = { type: 'ANNOUNCED' as const }
const on = { apiUrl: 'http://api.test' }

describe('which requests wait for a preview', () => {
  it('the three methods the API describes, to a browser or WalletConnect wallet, with an API configured', () => {
    for (const method of ['eth_sendTransaction', 'wallet_sendCalls', 'eth_signTypedData_v4'])
      expect(previewApplies(on, method, 'eip155', injected)).toBe(true)
    expect(previewApplies(on, 'eth_sendTransaction', 'eip155', { type: 'WALLET_CONNECT' })).toBe(true)
  })

  it('not personal_sign, not Solana, not the embedded wallet (its frame approves), not without an API, not when turned off', () => {
    expect(previewApplies(on, 'personal_sign', 'eip155', injected)).toBe(false)
    expect(previewApplies(on, 'eth_sendTransaction', 'solana', injected)).toBe(false)
    expect(previewApplies(on, 'eth_sendTransaction', 'eip155', { type: 'AUTH' })).toBe(false)
    expect(previewApplies({}, 'eth_sendTransaction', 'eip155', injected)).toBe(false)
    expect(
      previewApplies({ ...on, transactionPreview: false }, 'eth_sendTransaction', 'eip155', injected),
    ).toBe(false)
  })
})
