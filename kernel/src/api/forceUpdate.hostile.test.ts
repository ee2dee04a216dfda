// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { forceUpdateParam, MAX_FORCED_TOKENS } from './forceUpdate.ts'

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const address = (n: number) => `0x${n.toString(16).padStart(40, '0')}`

describe('forceUpdateParam', () => {
  it('lists the configured tokens as CAIP-10 addresses', () => {
    expect(forceUpdateParam('eip155:1', [USDC, address(1)])).toBe(
      `eip155:1:${USDC.toLowerCase()},eip155:1:${address(1)}`,
    )
  })

  it('sends nothing without tokens or off eip155', () => {
    expect(forceUpdateParam('eip155:1', undefined)).toBeUndefined()
    expect(forceUpdateParam('eip155:1', [])).toBeUndefined()
    expect(forceUpdateParam('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', [USDC])).toBeUndefined()
  })

  it('leaves out entries the API would refuse the whole call for', () => {
    const hostile = [
      `${USDC},eip155:1:${address(2)}`,
      `${USDC}&chainId=eip155:2`,
      '0x123',
      `eip155:1:${USDC}`,
      42,
      null,
      { toString: () => USDC },
      ` ${USDC}`,
    ]
    expect(forceUpdateParam('eip155:1', hostile)).toBeUndefined()
    expect(forceUpdateParam('eip155:1&x=1' as `eip155:${string}`, [USDC])).toBeUndefined()
  })

  it('sends at most the API limit, first ones first, repeats once', () => {
    const tokens = [USDC, USDC.toLowerCase(), ...Array.from({ length: 80 }, (_, n) => address(n + 1))]
    const sent = forceUpdateParam('eip155:1', tokens)?.split(',') ?? []
    expect(sent).toHaveLength(MAX_FORCED_TOKENS)
    expect(sent[0]).toBe(`eip155:1:${USDC.toLowerCase()}`)
    expect(sent[1]).toBe(`eip155:1:${address(1)}`)
  })
})
