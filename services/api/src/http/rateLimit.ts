export interface RateLimit {
  /** Sustained requests per second. */
  perSecond: number
  /** Requests allowed at once after a quiet spell. */
  burst: number
}

/** Half of a budget: what one clientId may spend of its IP's unless told otherwise. */
export const halfOf = (limit: RateLimit): RateLimit => ({
  perSecond: limit.perSecond / 2,
  burst: Math.max(1, Math.floor(limit.burst / 2)),
})

export type Take = { ok: true } | { ok: false; retryAfterMs: number }

/** Keys tracked before idle (refilled) buckets are dropped; a full bucket equals a new one. */
const DEFAULT_MAX_KEYS = 100_000

/**
 * A token bucket per key: `burst` tokens, refilled at `perSecond`. Memory stays bounded however many
 * keys callers invent: past `maxKeys`, refilled buckets are dropped, then the oldest (a client
 * inventing ids gains nothing the project-wide ceiling does not already bound).
 */
export function createRateLimiter(
  limit: RateLimit,
  now: () => number = () => performance.now(),
  maxKeys = DEFAULT_MAX_KEYS,
) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  const refill = (bucket: { tokens: number; at: number }, t: number) =>
    Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond)
  // Down to 90 % at once, so a flood of new keys costs one sweep per 10 % of maxKeys, not one each.
  const prune = (t: number) => {
    for (const [key, bucket] of buckets) if (refill(bucket, t) >= limit.burst) buckets.delete(key)
    const target = Math.floor(maxKeys * 0.9)
    for (const key of buckets.keys()) {
      if (buckets.size <= target) break
      buckets.delete(key)
    }
  }
  return {
    take(key: string): Take {
      const t = now()
      let bucket = buckets.get(key)
      if (!bucket) {
        if (buckets.size >= maxKeys) prune(t)
        bucket = { tokens: limit.burst, at: t }
        buckets.set(key, bucket)
      }
      bucket.tokens = refill(bucket, t)
      bucket.at = t
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { ok: true }
      }
      return { ok: false, retryAfterMs: ((1 - bucket.tokens) / limit.perSecond) * 1000 }
    },
    get size() {
      return buckets.size
    },
  }
}
