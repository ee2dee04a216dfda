export interface RateLimit {
  /** Sustained requests per second. */
  perSecond: number
  /** Requests allowed at once after a quiet spell. */
  burst: number
}

export type Take = { ok: true } | { ok: false; retryAfterMs: number }

/** A token bucket per key (projectId): `burst` tokens, refilled at `perSecond`. */
export function createRateLimiter(limit: RateLimit, now: () => number = () => performance.now()) {
  const buckets = new Map<string, { tokens: number; at: number }>()
  return {
    take(key: string): Take {
      const t = now()
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: t }
      bucket.tokens = Math.min(limit.burst, bucket.tokens + ((t - bucket.at) / 1000) * limit.perSecond)
      bucket.at = t
      buckets.set(key, bucket)
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1
        return { ok: true }
      }
      return { ok: false, retryAfterMs: ((1 - bucket.tokens) / limit.perSecond) * 1000 }
    },
  }
}
