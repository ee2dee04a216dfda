import { connectedState, fakeContext } from '@portico/plugin-testing'
import { describe, expect, it } from 'vitest'
import { validate } from './send.ts'

const RECEIVER = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
// The kernel's real Solana helpers, as ctx.chains.solana() gives them.
const solana = await fakeContext(connectedState(RECEIVER)).ctx.chains.solana()

describe('Solana send validation (behaviour §5)', () => {
  const sol = {
    name: 'Solana',
    symbol: 'SOL',
    chainId: 'solana:x',
    price: 0,
    quantity: { decimals: '9', numeric: '2' },
    iconUrl: '',
  }
  const check = (sendTokenAmount: string, receiverAddress: string) =>
    validate({ sendTokenAmount, receiverAddress }, sol, solana, 'solana')

  it('wants a base58 receiver of 32 bytes and at most 9 decimals within the balance', () => {
    expect(check('1.5', RECEIVER)).toEqual({})
    expect(check('1', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toEqual({
      receiver: 'Enter a valid Solana address: 32 to 44 base58 characters',
    })
    expect(check('1', '1'.repeat(44))).toEqual({
      receiver: 'Enter a valid Solana address: 32 to 44 base58 characters',
    })
    expect(check('0.0000000001', RECEIVER)).toEqual({ amount: 'SOL allows at most 9 decimals' })
    expect(check('2.000000001', RECEIVER)).toEqual({ amount: 'Insufficient balance' })
  })
})
