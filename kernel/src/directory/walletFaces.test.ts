import { describe, expect, it } from 'vitest'
import { groupByWallet, namespaceBadges } from './walletFaces.ts'

const face = (id: string, name: string, chain: 'eip155' | 'solana' | 'bip122') => ({ id, name, chain })

describe('groupByWallet', () => {
  it('one wallet announced on three namespaces is one group, in discovery order', () => {
    const groups = groupByWallet([
      face('evm', 'Portico Dev Wallet', 'eip155'),
      face('other', 'Other', 'eip155'),
      face('sol', 'Portico Dev Wallet', 'solana'),
      face('btc', ' portico dev wallet ', 'bip122'),
    ])
    expect(groups.map((group) => group.map((member) => member.id))).toEqual([
      ['evm', 'sol', 'btc'],
      ['other'],
    ])
  })

  it('a second wallet of the same name and namespace is another wallet, not hidden in the first one’s row', () => {
    const groups = groupByWallet([
      face('real', 'MetaMask', 'eip155'),
      face('impostor', 'MetaMask', 'eip155'),
      face('sol', 'MetaMask', 'solana'),
    ])
    expect(groups.map((group) => group.map((member) => member.id))).toEqual([['real', 'sol'], ['impostor']])
  })
})

describe('namespaceBadges', () => {
  it('says nothing for an EVM-only wallet and names every namespace otherwise', () => {
    expect(namespaceBadges(['eip155'])).toEqual([])
    expect(namespaceBadges(['solana'])).toEqual(['solana'])
    expect(namespaceBadges(['eip155', 'solana', 'bip122'])).toEqual(['eip155', 'solana', 'bip122'])
  })
})
