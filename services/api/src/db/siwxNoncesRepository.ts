/** A sign-in nonce being used: recorded so that it verifies once, on any API node sharing the database. */
export interface SiwxNonceUse {
  /** The nonce's unique id (its MAC). */
  id: string
  projectId: string
  /** Who used it: the client's IP address key (an IPv6 one by its /64). */
  client: string
  /** Unix ms until which the record must be kept (the nonce's expiry plus clock skew). */
  keepUntil: number
}

/** 'ok': recorded now; 'used': it was already; 'full': the client holds too many records (none added). */
export type SiwxNonceUseResult = 'ok' | 'used' | 'full'

/**
 * Used sign-in nonces (issuing them needs no storage: they are HMAC-signed). Only a use is stored,
 * until the nonce would have expired anyway; records past `keepUntil` are deleted.
 */
export interface SiwxNonceLedger {
  /**
   * Records `use` unless its id is recorded already ('used') or its client already holds
   * `maxPerClient` live records for the project ('full'): the check and the insert are one step
   * across every node sharing the store. Deletes records whose time has passed (`now`, unix ms).
   */
  useSiwxNonce(use: SiwxNonceUse, limits: { maxPerClient: number; now: number }): Promise<SiwxNonceUseResult>
}
