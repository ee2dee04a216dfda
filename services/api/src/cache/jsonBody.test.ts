import type { TokenBalance } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { balanceItems, balancesBody, jsonBody } from './jsonBody.ts'

const token = (symbol: string, numeric: string): TokenBalance => ({
  name: `${symbol} “token”`,
  symbol,
  chainId: 'eip155:31337',
  price: 0,
  quantity: { decimals: '18', numeric },
  iconUrl: 'data:image/svg+xml,%3Csvg%3E',
})

describe('serialised answers', () => {
  it('balancesBody joins the chains’ items into one {balances} answer, in order, skipping empty chains', () => {
    const a = [token('ETH', '1.5'), token('PTT', '2')]
    const b = [token('ETH', '0')]
    for (const parts of [[], [[]], [a], [[], a], [a, [], b], [a, b]]) {
      const body = balancesBody(parts.map(balanceItems))
      expect(JSON.parse(body.toString('utf8'))).toEqual({ balances: parts.flat() })
    }
  })

  it('jsonBody is the UTF-8 of JSON.stringify (what the route would have sent)', () => {
    const page = { data: [{ name: 'Ünï “x”', n: 1, none: undefined }], next: null }
    expect(jsonBody(page).toString('utf8')).toBe(JSON.stringify(page))
    expect(jsonBody(page).length).toBe(Buffer.byteLength(JSON.stringify(page)))
  })
})
