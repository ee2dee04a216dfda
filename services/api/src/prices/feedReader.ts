import type { PublicClient } from 'viem'
import type { PriceFeed } from './options.ts'
import { checkRound, type RoundData } from './roundCheck.ts'

/** The two AggregatorV3Interface functions a price needs. */
export const aggregatorV3Abi = [
  {
    type: 'function',
    name: 'latestRoundData',
    stateMutability: 'view',
    inputs: [],
    outputs: [
      { name: 'roundId', type: 'uint80' },
      { name: 'answer', type: 'int256' },
      { name: 'startedAt', type: 'uint256' },
      { name: 'updatedAt', type: 'uint256' },
      { name: 'answeredInRound', type: 'uint80' },
    ],
  },
  { type: 'function', name: 'decimals', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint8' }] },
] as const

export interface FeedReading {
  feed: PriceFeed
  /** The checked USD price, or why there is none. */
  result: { price: number } | { problem: string }
}

async function readOne(client: PublicClient, feed: PriceFeed, nowSeconds: number): Promise<FeedReading> {
  try {
    const [round, decimals] = await Promise.all([
      client.readContract({ address: feed.feed, abi: aggregatorV3Abi, functionName: 'latestRoundData' }),
      client.readContract({ address: feed.feed, abi: aggregatorV3Abi, functionName: 'decimals' }),
    ])
    const [roundId, answer, startedAt, updatedAt, answeredInRound] = round
    const data: RoundData = { roundId, answer, startedAt, updatedAt, answeredInRound }
    return {
      feed,
      result: checkRound(data, decimals, { nowSeconds, heartbeatSeconds: feed.heartbeatSeconds }),
    }
  } catch (err) {
    return { feed, result: { problem: `unreadable: ${String(err).split('\n')[0]}` } }
  }
}

/**
 * Reads and checks every feed of one chain. The reads are issued in the same tick, so the chain
 * client sends them as one JSON-RPC batch (one round trip however many feeds).
 */
export function readFeeds(
  client: PublicClient,
  feeds: PriceFeed[],
  nowSeconds: number,
): Promise<FeedReading[]> {
  return Promise.all(feeds.map((feed) => readOne(client, feed, nowSeconds)))
}
