import { describe, expect, it } from 'vitest'
import { checkRound, MAX_FEED_DECIMALS, type RoundData } from './roundCheck.ts'

const NOW = 1_800_000_000
const fresh: RoundData = {
  roundId: 7n,
  answer: 3000_00000000n,
  startedAt: BigInt(NOW - 60),
  updatedAt: BigInt(NOW - 60),
  answeredInRound: 7n,
}
const check = (over: Partial<RoundData>, decimals = 8) =>
  checkRound({ ...fresh, ...over }, decimals, { nowSeconds: NOW, heartbeatSeconds: 3600 })

describe('a price feed round', () => {
  it('prices a fresh, positive answer at the feed decimals', () => {
    expect(check({})).toEqual({ price: 3000 })
    expect(check({ answer: 1_25000000n })).toEqual({ price: 1.25 })
  })

  it('is refused once older than the heartbeat', () => {
    expect(check({ updatedAt: BigInt(NOW - 3600) })).toEqual({ price: 3000 })
    expect(check({ updatedAt: BigInt(NOW - 3601) })).toEqual({
      problem: 'stale: updated 3601 s ago, heartbeat 3600 s',
    })
    expect(check({ updatedAt: 0n })).toEqual({ problem: 'round not complete (updatedAt 0)' })
  })

  it('is refused when the answer is zero or negative', () => {
    expect(check({ answer: 0n })).toEqual({ problem: 'answer 0 is not positive' })
    expect(check({ answer: -1n })).toEqual({ problem: 'answer -1 is not positive' })
  })

  it('is refused when the answer was carried over from an earlier round', () => {
    expect(check({ answeredInRound: 6n })).toEqual({ problem: 'answer carried over from round 6 (latest 7)' })
    expect(check({ answeredInRound: 8n })).toEqual({ price: 3000 })
  })

  it('is refused when the feed reports decimals no price feed has', () => {
    expect(check({}, MAX_FEED_DECIMALS + 1)).toEqual({
      problem: `decimals ${MAX_FEED_DECIMALS + 1} outside 0–36`,
    })
    expect(check({}, 255)).toHaveProperty('problem')
    expect(check({ answer: 3n * 10n ** 36n }, MAX_FEED_DECIMALS)).toEqual({ price: 3 })
  })

  it('is refused when the answer is too large to be a number', () => {
    expect(check({ answer: 10n ** 400n }, 0)).toHaveProperty('problem')
  })
})
