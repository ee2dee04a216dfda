import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { isSolanaAddress } from './caip.ts'
import { BUILT_IN_NETWORKS } from './catalogue.ts'
import { formatBalance } from './format.ts'
import {
  caipNetworkIdOfWalletChain,
  formatUnits,
  pickSolanaNetwork,
  SOLANA_WALLET_CHAIN_ALIASES,
  walletChainFor,
} from './solana.ts'
import { decodeBase58, decodeBase64, encodeBase58, encodeBase64 } from './solanaBase58.ts'

describe('base58', () => {
  it('matches known vectors (Bitcoin alphabet, leading zero bytes as 1s)', () => {
    const vectors: [string, string][] = [
      ['', ''],
      ['61', '2g'],
      ['626262', 'a3gV'],
      ['636363', 'aPEr'],
      ['00000000000000000000', '1111111111'],
      [
        '000111d38e5fc9071ffcd20b4a763cc9ae4f252bb4e48fd66a835e252ada93ff480d6dd43dc62a641155a5',
        '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz',
      ],
      ['00eb15231dfceb60925886b67d065299925915aeb172c06647', '1NS17iag9jJgTHD1VXjvLCEnZuQ3rJDE9L'],
    ]
    for (const [hex, text] of vectors) {
      const bytes = Uint8Array.from(Buffer.from(hex, 'hex'))
      expect(encodeBase58(bytes)).toBe(text)
      expect(Buffer.from(decodeBase58(text)).toString('hex')).toBe(hex)
    }
  })

  it('round-trips 32-byte keys into valid Solana addresses (behaviour §5: 32 to 44 base58 characters)', () => {
    for (let i = 0; i < 50; i++) {
      const key = Uint8Array.from(createHash('sha256').update(`key ${i}`).digest())
      const address = encodeBase58(key)
      expect(isSolanaAddress(address)).toBe(true)
      expect(decodeBase58(address)).toEqual(key)
    }
    expect(encodeBase58(new Uint8Array(32))).toBe('11111111111111111111111111111111')
  })

  it('refuses characters outside the alphabet', () => {
    expect(() => decodeBase58('0OIl')).toThrow(/Not base58/)
  })

  it('base64 round-trips bytes', () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 7) % 256)
    expect(decodeBase64(encodeBase64(bytes))).toEqual(bytes)
    expect(encodeBase64(new TextEncoder().encode('Portico'))).toBe('UG9ydGljbw==')
  })
})

describe('formatUnits', () => {
  it('writes lamports as SOL with 9 decimals, then behaviour-reference formatting floors to 3', () => {
    expect(formatUnits(1_000_000_000_000n, 9)).toBe('1000')
    expect(formatUnits(1_234_567_890_123n, 9)).toBe('1234.567890123')
    expect(formatUnits(5_000n, 9)).toBe('0.000005')
    expect(formatUnits(0n, 9)).toBe('0')
    expect(formatUnits(-1_500_000_000n, 9)).toBe('-1.5')
    expect(formatBalance(formatUnits(1_234_567_890_123n, 9))).toBe('1,234.567')
    expect(formatBalance(formatUnits(999_999n, 9))).toBe('0.000')
  })
})

describe('Solana networks as wallets name them', () => {
  const local = { ...BUILT_IN_NETWORKS.solanaDevnet, id: 'PorticoDevnet1111111111111111111' } as const
  const localNetwork = { ...local, caipNetworkId: `solana:${local.id}` as const, name: 'Local' }

  it('maps the Wallet Standard cluster names onto the CAIP-2 ids of the built-in networks', () => {
    expect(SOLANA_WALLET_CHAIN_ALIASES['solana:mainnet']).toBe(BUILT_IN_NETWORKS.solana.caipNetworkId)
    expect(SOLANA_WALLET_CHAIN_ALIASES['solana:devnet']).toBe(BUILT_IN_NETWORKS.solanaDevnet.caipNetworkId)
    expect(SOLANA_WALLET_CHAIN_ALIASES['solana:testnet']).toBe(BUILT_IN_NETWORKS.solanaTestnet.caipNetworkId)
    expect(caipNetworkIdOfWalletChain('solana:devnet')).toBe(BUILT_IN_NETWORKS.solanaDevnet.caipNetworkId)
    expect(caipNetworkIdOfWalletChain('solana:PorticoDevnet1111111111111111111')).toBe(
      'solana:PorticoDevnet1111111111111111111',
    )
    expect(caipNetworkIdOfWalletChain('eip155:1')).toBeUndefined()
  })

  it('finds the identifier a wallet uses for a network, in either form', () => {
    expect(walletChainFor(BUILT_IN_NETWORKS.solana, ['solana:mainnet', 'solana:devnet'])).toBe(
      'solana:mainnet',
    )
    expect(walletChainFor(localNetwork, ['solana:PorticoDevnet1111111111111111111'])).toBe(
      'solana:PorticoDevnet1111111111111111111',
    )
    expect(walletChainFor(localNetwork, ['solana:devnet'])).toBeUndefined()
  })

  it('connects on the preferred requested network when the wallet has it, else the first it has', () => {
    const requested = [BUILT_IN_NETWORKS.solana, BUILT_IN_NETWORKS.solanaDevnet, localNetwork]
    expect(pickSolanaNetwork(requested, localNetwork, ['solana:devnet', localNetwork.caipNetworkId])).toBe(
      localNetwork,
    )
    expect(pickSolanaNetwork(requested, BUILT_IN_NETWORKS.solana, ['solana:devnet'])).toBe(
      BUILT_IN_NETWORKS.solanaDevnet,
    )
    expect(pickSolanaNetwork(requested, undefined, ['solana:localnet'])).toBeUndefined()
  })
})
