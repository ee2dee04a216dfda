import type { TokenBalance } from '@portico/shared-types'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { balanceIconUrl } from './balances.ts'
import { BalancesSchema, HistorySchema } from './schemas.ts'

const USDC_ICON = 'data:image/svg+xml,usdc'
const balance = (extra: Partial<TokenBalance>) => ({
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:31337',
  address: 'eip155:31337:0x0000000000000000000000000000000000000001',
  price: 0,
  quantity: { decimals: '6', numeric: '5' },
  iconUrl: USDC_ICON,
  ...extra,
})

describe('a token the API says is not on the token list', () => {
  it('keeps verified through the balance schema', () => {
    const parsed = v.parse(BalancesSchema, {
      balances: [balance({ verified: false }), balance({ verified: true }), balance({})],
    })
    expect(parsed.balances.map((b) => b.verified)).toEqual([false, true, undefined])
  })

  it('is shown without the icon it came with (an unlisted "USDC" never wears the listed one’s)', () => {
    expect(balanceIconUrl(balance({ verified: false }))).toBeUndefined()
    expect(balanceIconUrl(balance({ verified: true }))).toBe(USDC_ICON)
    // APIs that say nothing (the hosted one) keep their icons.
    expect(balanceIconUrl(balance({}))).toBe(USDC_ICON)
    expect(balanceIconUrl(balance({ iconUrl: '' }))).toBeUndefined()
  })

  it('keeps fungible_info.flags.verified through the history schema', () => {
    const parsed = v.parse(HistorySchema, {
      data: [
        {
          id: 'x',
          metadata: {
            operationType: 'receive',
            hash: '0x1',
            minedAt: '2024-01-01T00:00:00.000Z',
            sentFrom: '0x1',
            sentTo: '0x2',
            status: 'confirmed',
            nonce: 0,
            chain: 'eip155:31337',
          },
          transfers: [
            {
              fungible_info: { name: 'USD Coin', symbol: 'USDC', flags: { verified: false } },
              direction: 'in',
              quantity: { decimals: '6', numeric: '5' },
            },
          ],
        },
      ],
      next: null,
    })
    expect(parsed.data[0]?.transfers[0]?.fungible_info?.flags?.verified).toBe(false)
  })
})
