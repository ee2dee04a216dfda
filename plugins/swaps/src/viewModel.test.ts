import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { SwapTokenInfo } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { initialSwapState, type SwapPluginState } from './state.ts'
import { texts } from './strings.ts'
import { amountError, buttonModel, formatPercent } from './viewModel.ts'

const strings = texts(fakeContext(connectedState('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).ctx)
const token = (symbol: string): SwapTokenInfo => ({
  address: `eip155:31337:0x${symbol.charCodeAt(0).toString(16).padStart(40, '0')}`,
  symbol,
  name: symbol,
  decimals: 6,
  logoUri: '',
  quantity: { decimals: '6', numeric: '1' },
  price: 1,
})
const tx = { data: '0x', to: '0x', gas: 1n, gasPrice: 1n, value: 0n, toAmount: '1' }
const state = (extra: Partial<SwapPluginState>): SwapPluginState => ({
  ...initialSwapState(),
  sourceToken: token('USDC'),
  toToken: token('PTT'),
  sourceTokenAmount: '1',
  ...extra,
})
const model = (extra: Partial<SwapPluginState>) => buttonModel(state(extra), strings)

describe('the Swap button', () => {
  it('asks for a token, then an amount; says why it cannot swap', () => {
    expect(buttonModel({ ...state({}), toToken: undefined } as SwapPluginState, strings)).toEqual({
      label: 'Select token',
      action: 'select',
      loading: false,
    })
    for (const amount of ['', '0', 'abc', '-1', '1e3'])
      expect(model({ sourceTokenAmount: amount })).toMatchObject({ label: 'Enter an amount', action: 'none' })
    expect(model({ inputError: 'Insufficient balance', swapTransaction: tx })).toMatchObject({
      label: 'Insufficient balance',
      action: 'none',
    })
    expect(model({ incorrectAmount: true })).toMatchObject({ label: 'Incorrect amount', action: 'none' })
  })

  it('loading while quoting or building; approve before swap; swap when built', () => {
    expect(model({ loadingQuote: true })).toEqual({ label: 'Fetching quote', action: 'none', loading: true })
    expect(model({ loadingBuildTransaction: true })).toMatchObject({
      label: 'Preparing transaction',
      loading: true,
    })
    expect(model({ approvalTransaction: tx, swapTransaction: tx })).toEqual({
      label: 'Approve USDC',
      action: 'approve',
      loading: false,
    })
    // Built together for a wallet that batches: one Swap press sends the approval and the swap.
    expect(model({ approvalTransaction: tx, swapTransaction: tx, batchApproval: true })).toEqual({
      label: 'Swap',
      action: 'swap',
      loading: false,
    })
    expect(model({ swapTransaction: tx, loadingTransaction: true })).toEqual({
      label: 'Swap',
      action: 'swap',
      loading: true,
    })
    expect(model({})).toEqual({ label: 'Swap', action: 'none', loading: false })
  })

  it('price impact with 2 decimals, a gain shown as 0', () => {
    expect(formatPercent(1.29884)).toBe('1.30%')
    expect(formatPercent(-0.5)).toBe('0.00%')
  })

  it('the amount field says what is wrong with a typed amount; empty is no error yet', () => {
    const error = (amount: string) => amountError(state({ sourceTokenAmount: amount }), strings)
    expect(error('')).toBeUndefined()
    expect(error('12.5')).toBeUndefined()
    expect(error('1.1234560')).toBeUndefined()
    for (const bad of ['abc', '0', '-1', '1e3', '1,5']) expect(error(bad)).toBe('Please enter a valid amount')
    expect(error('1.1234567')).toBe('USDC allows at most 6 decimals')
  })
})
