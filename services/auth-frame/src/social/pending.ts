/**
 * Server-side state of logins in progress (OAuth state → nonce + PKCE verifier, farcaster channels),
 * bound to the frame that started them. Bounded: entries expire, one owner holds at most `perOwner`
 * (the oldest goes), and the store at most `max` (new logins are refused past it).
 */
export interface Owned {
  /** The frame that started the login: project, embedding page and device. */
  owner: string
  createdAt: number
}

export class PendingStore<T extends Owned> {
  private readonly entries = new Map<string, T>()

  constructor(
    private readonly options: { ttlMs: number; max?: number; perOwner?: number; now?: () => number },
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  add(key: string, entry: T): void {
    this.sweep()
    const perOwner = this.options.perOwner ?? 5
    const mine = [...this.entries].filter(([, value]) => value.owner === entry.owner)
    for (const [oldKey] of mine.slice(0, Math.max(0, mine.length - perOwner + 1))) this.entries.delete(oldKey)
    if (this.entries.size >= (this.options.max ?? 10_000))
      throw new Error('Too many logins in progress, try again later')
    this.entries.set(key, entry)
  }

  /** The live entry of a key, if its owner is `owner` (another frame's entry is neither shown nor touched). */
  peek(key: string | null | undefined, owner: string): T | undefined {
    if (!key) return undefined
    const entry = this.entries.get(key)
    if (!entry || entry.owner !== owner) return undefined
    if (this.now() - entry.createdAt > this.options.ttlMs) {
      this.entries.delete(key)
      return undefined
    }
    return entry
  }

  /** Like peek, and removes the entry: one use only. */
  take(key: string | null | undefined, owner: string): T | undefined {
    const entry = this.peek(key, owner)
    if (entry && key) this.entries.delete(key)
    return entry
  }

  /** The newest live entry of an owner. */
  ownedBy(owner: string): T | undefined {
    let found: [string, T] | undefined
    for (const item of this.entries) if (item[1].owner === owner) found = item
    return found && this.peek(found[0], owner)
  }

  /** Looks an entry up without an owner: only for the callback page, which shows nothing secret. */
  lookup(key: string | null | undefined): T | undefined {
    if (!key) return undefined
    const entry = this.entries.get(key)
    return entry && this.now() - entry.createdAt <= this.options.ttlMs ? entry : undefined
  }

  get size(): number {
    return this.entries.size
  }

  private sweep(): void {
    const now = this.now()
    for (const [key, entry] of this.entries)
      if (now - entry.createdAt > this.options.ttlMs) this.entries.delete(key)
  }
}

/** The owner key of a frame: project, embedding page and device together. */
export function ownerOf(ctx: { projectId: string; parentOrigin: string; deviceHash: string }): string {
  return JSON.stringify([ctx.projectId, ctx.parentOrigin, ctx.deviceHash])
}
