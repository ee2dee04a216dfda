/** A map whose entries expire and whose size is capped (the oldest goes first): dev state stays bounded. */
export class ExpiringMap<T> {
  private readonly entries = new Map<string, { value: T; expiresAt: number }>()
  constructor(private readonly max = 10_000) {}

  set(key: string, value: T, ttlSeconds: number): void {
    this.entries.delete(key)
    this.entries.set(key, { value, expiresAt: Date.now() + ttlSeconds * 1000 })
    if (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value
      if (oldest !== undefined) this.entries.delete(oldest)
    }
  }

  get(key: string | undefined): T | undefined {
    if (!key) return undefined
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt < Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  /** get, and the entry is gone: one use only. */
  take(key: string | undefined): T | undefined {
    const value = this.get(key)
    if (key) this.entries.delete(key)
    return value
  }
}
