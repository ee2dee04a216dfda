import type { SwapTokenInfo } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { approvalTransaction, swapTransaction, walletCall } from './transactions.ts'

const USER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ROUTER = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0'
const USDC_CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const token = (contract: string, decimals: number): SwapTokenInfo => ({
  address: `eip155:31337:${contract}`,
  symbol: 'T',
  name: 'T',
  decimals,
  logoUri: '',
  quantity: { decimals: String(decimals), numeric: '0' },
  price: 0,
})
const USDC = token(USDC_CONTRACT, 6)
const ETH = token('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', 18)
const approveData = `0x095ea7b3${'0'.repeat(24)}${ROUTER.slice(2)}${'f'.repeat(64)}`
const approval = (tx: Partial<{ to: string; data: string; value: string }>) => ({
  tx: {
    from: `eip155:31337:${USER}`,
    to: `eip155:31337:${USDC_CONTRACT}`,
    data: approveData,
    value: '0',
    eip155: { gasPrice: '1' },
    ...tx,
  },
})
const swap = (tx: Partial<{ to: string; from: string; data: string; value: string; gas: string }>) => {
  const { gas = '200000', ...rest } = tx
  return {
    tx: {
      from: `eip155:31337:${USER}`,
      to: `eip155:31337:${ROUTER}`,
      data: '0x38ed1739',
      value: '0',
      eip155: { gas, gasPrice: '1' },
      ...rest,
    },
  }
}

describe('a hostile API’s transactions are refused before the wallet sees them', () => {
  it('an approval for the source token is accepted', () => {
    expect(approvalTransaction(approval({}), USDC, '31337', '1')).toMatchObject({
      to: USDC_CONTRACT,
      value: 0n,
      gas: null,
    })
  })

  it('an approval on another contract, another chain, not approve(), or with value is refused', () => {
    expect(() => approvalTransaction(approval({ to: `eip155:31337:${ROUTER}` }), USDC, '31337', '1')).toThrow(
      'not for the source token',
    )
    expect(() =>
      approvalTransaction(approval({ to: `eip155:1:${USDC_CONTRACT}` }), USDC, '31337', '1'),
    ).toThrow('Not an address on eip155:31337')
    expect(() => approvalTransaction(approval({ data: '0xa9059cbb00' }), USDC, '31337', '1')).toThrow()
    expect(() =>
      approvalTransaction(approval({ data: `0x23b872dd${'0'.repeat(192)}` }), USDC, '31337', '1'),
    ).toThrow('not an approve call')
    expect(() => approvalTransaction(approval({ value: '1' }), USDC, '31337', '1')).toThrow(
      'carries no value',
    )
  })

  it('a swap takes exactly the typed amount of ETH, none for a token, from the visitor, with bounded gas and data', () => {
    expect(swapTransaction(swap({ value: '1000' }), ETH, 1000n, USER, '31337', '1')).toMatchObject({
      to: ROUTER,
      value: 1000n,
      gas: 200000n,
    })
    expect(() => swapTransaction(swap({ value: '1001' }), ETH, 1000n, USER, '31337', '1')).toThrow(
      'value does not match',
    )
    expect(() => swapTransaction(swap({ value: '1' }), USDC, 1000n, USER, '31337', '1')).toThrow(
      'value does not match',
    )
    expect(() =>
      swapTransaction(swap({ from: `eip155:31337:${ROUTER}` }), USDC, 1n, USER, '31337', '1'),
    ).toThrow('not from the connected account')
    expect(() => swapTransaction(swap({ to: `eip155:10:${ROUTER}` }), USDC, 1n, USER, '31337', '1')).toThrow()
    expect(() => swapTransaction(swap({ gas: '0' }), USDC, 1n, USER, '31337', '1')).toThrow('gas limit')
    expect(() => swapTransaction(swap({ gas: '30000001' }), USDC, 1n, USER, '31337', '1')).toThrow(
      'gas limit',
    )
    expect(() =>
      swapTransaction(swap({ data: `0x${'00'.repeat(16_385)}` }), USDC, 1n, USER, '31337', '1'),
    ).toThrow('too long')
    expect(() => swapTransaction(swap({ data: '0x123' }), USDC, 1n, USER, '31337', '1')).toThrow(
      'not hex bytes',
    )
  })

  it('the wallet call carries hex quantities and the gas limit when given', () => {
    const tx = swapTransaction(swap({ value: '255' }), ETH, 255n, USER, '31337', '1')
    expect(walletCall(tx)).toEqual({
      to: ROUTER,
      data: '0x38ed1739',
      value: '0xff',
      gas: '0x30d40',
    })
  })
})
