import type { Connector } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { connectMethodOrder } from './connectMethodOrder.ts'

const announced: Connector = { id: 'dev.portico.wallet', type: 'ANNOUNCED', name: 'Dev', chain: 'eip155' }
const walletConnect: Connector = {
  id: 'walletConnect',
  type: 'WALLET_CONNECT',
  name: 'WalletConnect',
  chain: 'eip155',
}

describe('connect method order (behaviour §2)', () => {
  it('is email, social, wallet by default', () => {
    expect(connectMethodOrder(undefined, [walletConnect])).toEqual(['email', 'social', 'wallet'])
  })
  it('puts wallets first when a browser wallet is shown', () => {
    expect(connectMethodOrder(undefined, [walletConnect, announced])).toEqual(['wallet', 'email', 'social'])
  })
  it('lets the app order override both', () => {
    expect(connectMethodOrder(['social', 'wallet', 'email'], [announced])).toEqual([
      'social',
      'wallet',
      'email',
    ])
  })
})
