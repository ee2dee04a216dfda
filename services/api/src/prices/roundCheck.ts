/**
 * Whether a Chainlink AggregatorV3Interface answer may price anything. A feed that stopped updating,
 * answers zero or less, reports an absurd number of decimals, or whose answer was carried over from
 * an earlier round is refused: no price is better than a wrong one (a token without a price shows
 * its quantity and no fiat value).
 */
import { formatUnits } from 'viem'

/** latestRoundData() as the interface returns it. */
export interface RoundData {
  roundId: bigint
  answer: bigint
  startedAt: bigint
  updatedAt: bigint
  answeredInRound: bigint
}

/** Real feeds use 8 (USD pairs) or 18 (ETH pairs); more than this is not a price feed. */
export const MAX_FEED_DECIMALS = 36

export type RoundCheck = { price: number } | { problem: string }

export function checkRound(
  round: RoundData,
  decimals: number,
  opts: { nowSeconds: number; heartbeatSeconds: number },
): RoundCheck {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_FEED_DECIMALS)
    return { problem: `decimals ${decimals} outside 0–${MAX_FEED_DECIMALS}` }
  if (round.answer <= 0n) return { problem: `answer ${round.answer} is not positive` }
  if (round.updatedAt === 0n) return { problem: 'round not complete (updatedAt 0)' }
  if (round.answeredInRound < round.roundId)
    return { problem: `answer carried over from round ${round.answeredInRound} (latest ${round.roundId})` }
  const age = BigInt(Math.floor(opts.nowSeconds)) - round.updatedAt
  if (age > BigInt(opts.heartbeatSeconds))
    return { problem: `stale: updated ${age} s ago, heartbeat ${opts.heartbeatSeconds} s` }
  const price = Number(formatUnits(round.answer, decimals))
  if (!Number.isFinite(price) || price <= 0)
    return { problem: `answer ${round.answer} is not a usable price` }
  return { price }
}
