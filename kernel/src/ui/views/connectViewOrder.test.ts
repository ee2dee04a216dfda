import type { Connector } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { connectViewOrder } from './connectViewOrder.ts'

const announced: Connector = {
  id: 'dev.portico.wallet',
  type: 'ANNOUNCED',
  name: 'Dev',
  chain: 'eip155',
  info: { rdns: 'dev.portico.wallet' },
}
const walletsState = (excludedRDNS: string[]) => ({ excludedRDNS }) as never

describe('Connect view order (behaviour §2)', () => {
  it('a shown browser wallet puts wallets first', () => {
    expect(connectViewOrder(undefined, { connectors: [announced], wallets: walletsState([]) })).toEqual([
      'wallet',
      'email',
      'social',
    ])
  })
  it('a browser wallet the app excluded (by its RDNS) leaves email first', () => {
    expect(
      connectViewOrder(undefined, { connectors: [announced], wallets: walletsState(['dev.portico.wallet']) }),
    ).toEqual(['email', 'social', 'wallet'])
  })
})
