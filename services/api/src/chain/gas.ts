import type { PublicClient } from 'viem'

export interface GasTiers {
  standard: bigint
  fast: bigint
  instant: bigint
}

const PERCENTILES = [25, 50, 90]

/**
 * Wei per gas for three speeds from the chain's fee data. EIP-1559 chains: the next block's base fee
 * plus the 25th/50th/90th percentile tip of the last 10 blocks that carried transactions (the node's
 * suggested tip when none did); `instant` also allows for the base fee rising by 20 %. Legacy chains:
 * eth_gasPrice, +10 %, +25 %.
 */
export async function readGasTiers(client: PublicClient): Promise<GasTiers> {
  const block = await client.getBlock({ blockTag: 'latest' })
  if (block.baseFeePerGas === null || block.baseFeePerGas === undefined) {
    const price = await client.getGasPrice()
    return monotonic(price, (price * 110n) / 100n, (price * 125n) / 100n)
  }
  const history = await client.getFeeHistory({ blockCount: 10, rewardPercentiles: PERCENTILES })
  const nextBase = history.baseFeePerGas.at(-1) ?? block.baseFeePerGas
  const busy = (history.reward ?? []).filter((_, i) => (history.gasUsedRatio[i] ?? 0) > 0)
  let tips: bigint[]
  if (busy.length > 0) {
    tips = PERCENTILES.map(
      (_, p) => busy.reduce((sum, rewards) => sum + (rewards[p] ?? 0n), 0n) / BigInt(busy.length),
    )
  } else {
    const suggested = await client.estimateMaxPriorityFeePerGas()
    tips = [suggested, (suggested * 125n) / 100n, (suggested * 150n) / 100n]
  }
  const [low = 0n, mid = 0n, high = 0n] = tips
  return monotonic(nextBase + low, nextBase + mid, (nextBase * 12n) / 10n + high)
}

function monotonic(standard: bigint, fast: bigint, instant: bigint): GasTiers {
  const f = fast > standard ? fast : standard
  return { standard, fast: f, instant: instant > f ? instant : f }
}
