import { describe, expect, it } from 'vitest'
import {
  formatBaseUnits,
  MAX_WALLET_ASSETS,
  readWalletAssets,
  supportsAssetDiscovery,
  toTokenBalances,
  type WalletRequest,
} from './walletAssets.ts'

const CHAIN = '0x7a69'
const NETWORK = 'eip155:31337' as const
const USDC = '0x1111111111111111111111111111111111111111'
const native = {
  address: 'native',
  balance: '0xde0b6b3a7640000',
  type: 'native',
  metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const usdc = {
  address: USDC,
  balance: '0x1e8480',
  type: 'erc20',
  metadata: { name: 'Test USD Coin', symbol: 'USDC', decimals: 6 },
}

describe('toTokenBalances (hostile wallet_getAssets answers)', () => {
  it('maps native and ERC-20 assets of the chain, native first', () => {
    expect(toTokenBalances({ [CHAIN]: [usdc, native], '0x1': [usdc] }, CHAIN, NETWORK)).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: NETWORK,
        price: 0,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: '',
      },
      {
        name: 'Test USD Coin',
        symbol: 'USDC',
        chainId: NETWORK,
        address: `${NETWORK}:${USDC}`,
        price: 0,
        quantity: { decimals: '6', numeric: '2' },
        iconUrl: '',
      },
    ])
  })

  it('drops items with bad decimals, addresses, balances, types, names; reports each', () => {
    const bad = [
      { ...usdc, metadata: { ...usdc.metadata, decimals: 256 } },
      { ...usdc, metadata: { ...usdc.metadata, decimals: 1.5 } },
      { ...usdc, metadata: { ...usdc.metadata, decimals: '1e9' } },
      { ...usdc, metadata: { ...usdc.metadata, decimals: -1 } },
      { ...usdc, address: '0x1234' },
      { ...usdc, address: 'native' },
      { ...native, address: USDC },
      { ...usdc, balance: '1000' },
      { ...usdc, balance: `0x${'f'.repeat(65)}` },
      { ...usdc, type: 'erc721' },
      { ...usdc, metadata: { ...usdc.metadata, symbol: '\u202e\u0000' } },
      { ...usdc, metadata: { ...usdc.metadata, name: 'x'.repeat(65) } },
      { ...usdc, metadata: null },
      'junk',
      null,
    ]
    const dropped: string[] = []
    expect(toTokenBalances({ [CHAIN]: [...bad, usdc] }, CHAIN, NETWORK, (m) => dropped.push(m))).toHaveLength(
      1,
    )
    expect(dropped).toHaveLength(bad.length)
  })

  it('strips control and bidi characters from names and symbols', () => {
    const evil = { ...usdc, metadata: { ...usdc.metadata, symbol: 'US\u202eDC\u0007' } }
    expect(toTokenBalances({ [CHAIN]: [evil] }, CHAIN, NETWORK)?.[0]?.symbol).toBe('USDC')
  })

  it('drops repeats and 0-decimal tokens (behaviour §3 low quality)', () => {
    const junk = {
      ...usdc,
      address: `0x${'2'.repeat(40)}`,
      metadata: { name: 'Junk', symbol: 'JUNK', decimals: 0 },
    }
    expect(
      toTokenBalances(
        { [CHAIN]: [usdc, { ...usdc, address: USDC.toUpperCase().replace('0X', '0x') }, junk] },
        CHAIN,
        NETWORK,
      ),
    ).toHaveLength(1)
  })

  it('refuses an over-long or non-list answer (the balance service is used then)', () => {
    expect(
      toTokenBalances({ [CHAIN]: Array.from({ length: MAX_WALLET_ASSETS + 1 }, () => usdc) }, CHAIN, NETWORK),
    ).toBeUndefined()
    expect(toTokenBalances({ [CHAIN]: { 0: usdc } }, CHAIN, NETWORK)).toBeUndefined()
    expect(toTokenBalances(null, CHAIN, NETWORK)).toBeUndefined()
    expect(toTokenBalances('x', CHAIN, NETWORK)).toBeUndefined()
    expect(toTokenBalances({}, CHAIN, NETWORK)).toEqual([])
  })
})

describe('supportsAssetDiscovery', () => {
  it('reads the chain entry or the all-chains 0x0 entry; anything else is no', () => {
    expect(supportsAssetDiscovery({ [CHAIN]: { assetDiscovery: { supported: true } } }, CHAIN)).toBe(true)
    expect(supportsAssetDiscovery({ '0x0': { assetDiscovery: { supported: true } } }, CHAIN)).toBe(true)
    expect(supportsAssetDiscovery({ '0x1': { assetDiscovery: { supported: true } } }, CHAIN)).toBe(false)
    expect(supportsAssetDiscovery({ [CHAIN]: { assetDiscovery: { supported: 'yes' } } }, CHAIN)).toBe(false)
    expect(supportsAssetDiscovery({ [CHAIN]: { assetDiscovery: true } }, CHAIN)).toBe(false)
    expect(supportsAssetDiscovery(null, CHAIN)).toBe(false)
  })
})

describe('readWalletAssets', () => {
  const wallet = (capabilities: unknown, assets: unknown) => {
    const calls: string[] = []
    const request: WalletRequest = async ({ method }) => {
      calls.push(method)
      if (method === 'wallet_getCapabilities') {
        if (capabilities instanceof Error) throw capabilities
        return capabilities
      }
      if (assets instanceof Error) throw assets
      return assets
    }
    return { calls, request }
  }

  it('asks for the capability once per account and network, then for the assets each time', async () => {
    const w = wallet({ [CHAIN]: { assetDiscovery: { supported: true } } }, { [CHAIN]: [native] })
    const cache = new Map<string, boolean>()
    expect(await readWalletAssets(w.request, USDC, NETWORK, cache)).toHaveLength(1)
    expect(await readWalletAssets(w.request, USDC, NETWORK, cache)).toHaveLength(1)
    expect(w.calls).toEqual(['wallet_getCapabilities', 'wallet_getAssets', 'wallet_getAssets'])
  })

  it('undefined (use the balance service) without the capability, on refusal or a failed call', async () => {
    for (const w of [
      wallet({}, { [CHAIN]: [native] }),
      wallet(new Error('unsupported method'), { [CHAIN]: [native] }),
      wallet({ [CHAIN]: { assetDiscovery: { supported: true } } }, new Error('rejected')),
    ])
      expect(await readWalletAssets(w.request, USDC, NETWORK, new Map())).toBeUndefined()
    expect(
      await readWalletAssets(wallet({}, {}).request, USDC, 'solana:abc' as never, new Map()),
    ).toBeUndefined()
  })

  it('a wallet that never answers counts as without the capability (no hang)', async () => {
    const silent: WalletRequest = () => new Promise(() => {})
    const cache = new Map<string, boolean>()
    expect(await readWalletAssets(silent, USDC, NETWORK, cache, undefined, 20)).toBeUndefined()
    expect([...cache.values()]).toEqual([false])
    const w = wallet({ [CHAIN]: { assetDiscovery: { supported: true } } }, undefined)
    const stalls: WalletRequest = (args) =>
      args.method === 'wallet_getAssets' ? new Promise(() => {}) : w.request(args)
    expect(await readWalletAssets(stalls, USDC, NETWORK, new Map(), undefined, 20)).toBeUndefined()
  })
})

describe('formatBaseUnits', () => {
  it('formats exactly, trailing zeros trimmed', () => {
    expect(formatBaseUnits(1_500_000n, 6)).toBe('1.5')
    expect(formatBaseUnits(5n, 6)).toBe('0.000005')
    expect(formatBaseUnits(7n, 0)).toBe('7')
    expect(formatBaseUnits(0n, 18)).toBe('0')
    expect(formatBaseUnits(2n ** 256n - 1n, 18)).toBe(
      '115792089237316195423570985008687907853269984665640564039457.584007913129639935',
    )
  })
})
