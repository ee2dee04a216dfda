// @vitest-environment node

import type { TokenBalance } from '@portico/shared-types'
import type {
  BalanceResponse,
  FungiblePriceResponse,
  GasPriceResponse,
  HistoryResponse,
  IdentityResponse,
  SupportedChainsResponse,
} from '@portico/shared-types/api'
import * as v from 'valibot'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  AllowanceSchema,
  ApproveTransactionSchema,
  BalancesSchema,
  GasPriceSchema,
  HistorySchema,
  IdentitySchema,
  NameProfileSchema,
  OnrampOptionsSchema,
  OnrampUrlSchema,
  PricesSchema,
  SessionsSchema,
  SupportedChainsSchema,
  SwapQuotesSchema,
  SwapTokensSchema,
  SwapTransactionSchema,
  TokenBalanceSchema,
} from './schemas.ts'

const parse = <T>(schema: v.GenericSchema<unknown, T>, value: unknown) => v.safeParse(schema, value)
const accepts = <T>(schema: v.GenericSchema<unknown, T>, value: unknown): T => {
  const result = parse(schema, value)
  if (!result.success) throw new Error(v.summarize(result.issues))
  return result.output
}
const rejects = (schema: v.GenericSchema, value: unknown) => expect(parse(schema, value).success).toBe(false)

describe('schema outputs fit the shared API types', () => {
  it('type-checks (enforced by tsc)', () => {
    expectTypeOf<v.InferOutput<typeof SupportedChainsSchema>>().toExtend<SupportedChainsResponse>()
    expectTypeOf<v.InferOutput<typeof BalancesSchema>>().toExtend<BalanceResponse>()
    expectTypeOf<v.InferOutput<typeof TokenBalanceSchema>>().toExtend<TokenBalance>()
    expectTypeOf<v.InferOutput<typeof PricesSchema>>().toExtend<FungiblePriceResponse>()
    expectTypeOf<v.InferOutput<typeof IdentitySchema>>().toExtend<IdentityResponse>()
    expectTypeOf<v.InferOutput<typeof GasPriceSchema>>().toExtend<GasPriceResponse>()
    expectTypeOf<v.InferOutput<typeof HistorySchema>>().toExtend<HistoryResponse>()
  })
})

describe('lenient where the behaviour reference shows no shape', () => {
  it('defaults ws, iconUrl, price and reads null as absent', () => {
    expect(accepts(SupportedChainsSchema, { http: ['eip155:1'] })).toEqual({ http: ['eip155:1'], ws: [] })
    const balance = accepts(TokenBalanceSchema, {
      name: 'Ether',
      symbol: 'ETH',
      chainId: 1,
      address: null,
      value: '12.5',
      quantity: { decimals: 18, numeric: '1.0' },
    })
    expect(balance).toEqual({
      name: 'Ether',
      symbol: 'ETH',
      chainId: '1',
      address: undefined,
      value: 12.5,
      price: 0,
      quantity: { decimals: '18', numeric: '1.0' },
      iconUrl: '',
    })
    expect(accepts(IdentitySchema, {})).toEqual({ name: null, avatar: null })
  })

  it('accepts partial onramp options, sessions with extra fields and attributes as a list', () => {
    expect(
      accepts(OnrampOptionsSchema, { purchaseCurrencies: [{ id: 'eth', name: 'Ether', symbol: 'ETH' }] }),
    ).toEqual({
      purchaseCurrencies: [{ id: 'eth', name: 'Ether', symbol: 'ETH', networks: [] }],
      paymentCurrencies: [],
    })
    expect(accepts(SessionsSchema, { pcis: [{ pci: 'a', extra: 1 }] }).pcis[0]).toMatchObject({
      pci: 'a',
      extra: 1,
    })
    expect(accepts(NameProfileSchema, { name: 'a', attributes: { bio: 'hi' } }).attributes).toEqual([
      { bio: 'hi' },
    ])
    expect(accepts(NameProfileSchema, { name: 'a', attributes: [{ bio: 'hi' }] }).attributes).toEqual([
      { bio: 'hi' },
    ])
    expect(accepts(NameProfileSchema, { name: 'a.reown.id' })).toEqual({
      name: 'a.reown.id',
      addresses: {},
      attributes: [],
    })
  })

  it('keeps quote fields it does not read optional', () => {
    expect(accepts(SwapQuotesSchema, { quotes: [{ toAmount: 5 }] })).toEqual({ quotes: [{ toAmount: '5' }] })
  })
})

describe('strict on what the UI reads', () => {
  it('drops balances without a quantity or with a bad symbol; rejects an answer without a list', () => {
    expect(
      accepts(BalancesSchema, {
        balances: [{ name: 'x', symbol: 'X', chainId: '1', price: 1, iconUrl: '' }],
      }),
    ).toEqual({ balances: [] })
    expect(
      accepts(BalancesSchema, {
        balances: [{ name: 'x', symbol: 1, chainId: '1', quantity: { decimals: '1', numeric: '1' } }],
      }),
    ).toEqual({ balances: [] })
    rejects(BalancesSchema, {})
  })

  it('accepts only integer amounts that BigInt can read', () => {
    expect(accepts(AllowanceSchema, { allowance: '0x10' })).toEqual({ allowance: '0x10' })
    expect(accepts(AllowanceSchema, { allowance: 7 })).toEqual({ allowance: '7' })
    rejects(AllowanceSchema, { allowance: '1.5' })
    rejects(AllowanceSchema, { allowance: 1e21 })
    rejects(AllowanceSchema, { allowance: -1 })
    rejects(GasPriceSchema, { standard: '1', fast: '2' })
  })

  it('needs the swap transaction fields it sends', () => {
    const tx = { to: 'eip155:1:0xabc', data: '0x12', value: '0', eip155: { gas: '1', gasPrice: '2' } }
    expect(accepts(SwapTransactionSchema, { tx }).tx.eip155.gas).toBe('1')
    rejects(SwapTransactionSchema, { tx: { ...tx, data: 'not hex' } })
    rejects(SwapTransactionSchema, { tx: { ...tx, eip155: { gasPrice: '2' } } })
    rejects(ApproveTransactionSchema, { tx: { to: 'a', data: '0x', eip155: { gasPrice: '1' } } })
  })

  it('needs CAIP addresses on swap tokens and prices, and a valid onramp url', () => {
    const token = { name: 'T', symbol: 'T', address: 'eip155:1:0xabc', decimals: 18, logoUri: '' }
    expect(accepts(SwapTokensSchema, { tokens: [token] }).tokens).toHaveLength(1)
    rejects(SwapTokensSchema, { tokens: [{ ...token, address: '0xabc' }] })
    rejects(SwapTokensSchema, { tokens: [{ ...token, decimals: 1.5 }] })
    rejects(PricesSchema, { fungibles: [{ symbol: 'T', price: 1, address: '0xabc' }] })
    rejects(OnrampUrlSchema, { url: 'not a url' })
  })

  it('needs the history fields the activity list shows', () => {
    const item = {
      id: '1',
      metadata: {
        operationType: 'send',
        hash: '0x1',
        minedAt: '2024-01-01T00:00:00Z',
        sentFrom: '0x1',
        sentTo: '0x2',
        status: 'confirmed',
        nonce: 1,
        chain: 'eip155:1',
      },
      transfers: [{ direction: 'out', quantity: { decimals: '18', numeric: '1' }, nft_info: null }],
    }
    expect(accepts(HistorySchema, { data: [item], next: null }).data[0]?.transfers).toHaveLength(1)
    // A malformed transaction is dropped from the page; a page without a list is refused.
    const bad = [
      { ...item, metadata: { ...item.metadata, chain: 'mainnet' } },
      { ...item, metadata: { ...item.metadata, status: 'weird' } },
    ]
    expect(accepts(HistorySchema, { data: [...bad, item], next: 'c' }).data.map((tx) => tx.id)).toEqual(['1'])
    rejects(HistorySchema, { next: null })
  })
})
