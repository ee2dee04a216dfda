import { describe, expect, it } from 'vitest'
import { MAX_TOKENS, safeImageUrl, sanitizeTokens, searchTokens } from './tokens.ts'

const NETWORK = 'eip155:31337' as const
const USDC = `${NETWORK}:0x5FbDB2315678afecb367f032d93F642f64180aa3`
const good = {
  name: 'Test USD Coin',
  symbol: 'USDC',
  address: USDC,
  decimals: 6,
  logoUri: 'http://127.0.0.1:4180/icons/usdc.svg',
}

describe('a hostile swap token list', () => {
  it('keeps a good entry as it is', () => {
    expect(sanitizeTokens([good], NETWORK)).toEqual([
      {
        name: 'Test USD Coin',
        symbol: 'USDC',
        address: USDC,
        decimals: 6,
        logoUri: 'http://127.0.0.1:4180/icons/usdc.svg',
        quantity: { decimals: '6', numeric: '0' },
        price: 0,
      },
    ])
  })

  it('drops wrong decimals (absurd, fractional, negative, zero, text) and keeps the rest', () => {
    const bad = [1000, 37, 6.5, -1, 0, '6', Number.NaN, null].map((decimals, i) => ({
      ...good,
      address: `${NETWORK}:0x${String(i + 1).padStart(40, '0')}`,
      decimals,
    }))
    expect(sanitizeTokens([...bad, good], NETWORK).map((t) => t.address)).toEqual([USDC])
  })

  it('drops a huge, empty, invisible or non-text symbol or name', () => {
    const entries = [
      { ...good, symbol: 'U'.repeat(10_000) },
      { ...good, symbol: '' },
      { ...good, symbol: '   ' },
      { ...good, symbol: 'US\u202EDC' },
      { ...good, symbol: 'USD\u200BC' },
      { ...good, symbol: 42 },
      { ...good, name: 'N'.repeat(65) },
      { ...good, name: { toString: () => 'USDC' } },
    ]
    expect(sanitizeTokens(entries, NETWORK)).toEqual([])
  })

  it('drops a non-address, an address of another network and non-objects', () => {
    const entries = [
      { ...good, address: '0x5FbDB2315678afecb367f032d93F642f64180aa3' },
      { ...good, address: `${NETWORK}:USDC` },
      { ...good, address: `${NETWORK}:0x5FbDB2315678afecb367f032d93F642f64180aa` },
      { ...good, address: `eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3` },
      { ...good, address: `solana:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3` },
      { ...good, address: `${USDC}:extra` },
      { ...good, address: undefined },
      null,
      'USDC',
      42,
    ]
    expect(sanitizeTokens(entries, NETWORK)).toEqual([])
  })

  it('identifies by address: a second entry of the same address (any case) is dropped, same symbols stay apart', () => {
    const impostor = { ...good, address: USDC.toLowerCase(), name: 'Impostor' }
    const sameSymbol = { ...good, address: `${NETWORK}:0x${'a'.repeat(40)}`, name: 'Other USDC' }
    const kept = sanitizeTokens([good, impostor, sameSymbol], NETWORK)
    expect(kept.map((t) => t.name)).toEqual(['Test USD Coin', 'Other USDC'])
    expect(searchTokens(kept, 'usdc').map((t) => t.address)).toEqual([USDC, sameSymbol.address])
    expect(searchTokens(kept, '0xaaaa').map((t) => t.name)).toEqual(['Other USDC'])
  })

  it('bounds the list and drops image URLs that are not https (or http on loopback)', () => {
    const many = Array.from({ length: MAX_TOKENS + 50 }, (_, i) => ({
      ...good,
      address: `${NETWORK}:0x${i.toString(16).padStart(40, '0')}`,
    }))
    expect(sanitizeTokens(many, NETWORK)).toHaveLength(MAX_TOKENS)
    expect(safeImageUrl('javascript:alert(1)')).toBe('')
    expect(safeImageUrl('data:image/svg+xml,<svg onload=alert(1)>')).toBe('')
    expect(safeImageUrl('http://evil.example/x.png')).toBe('')
    expect(safeImageUrl('not a url')).toBe('')
    expect(safeImageUrl('https://cdn.example/x.png')).toBe('https://cdn.example/x.png')
    expect(sanitizeTokens([{ ...good, logoUri: 'javascript:alert(1)' }], NETWORK)[0]?.logoUri).toBe('')
  })
})
