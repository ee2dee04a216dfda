import type { NameRecord } from './repository.ts'

/** A name registered through POST /v1/profile/account: the chain its signature was checked for. */
export interface RegisteredName extends NameRecord {
  /** SLIP-44 / ENSIP-11 coin type (chainId | 0x80000000); null for names stored before registration existed. */
  coinType: number | null
}

/**
 * Registrations a caller may make within a sliding window (squatting bounds beyond the per-address
 * cap): per client (its IP address, as the API determines it) and per project.
 */
export interface NameBudget {
  /** The client's key: its IP address (an IPv6 one by its /64). */
  client: string
  projectId: string
  perClient: number
  perProject: number
  windowSeconds: number
}

/** What registerNameWithin did: stored, or which rule refused. */
export type NameRegistration = 'stored' | 'taken' | 'addressFull' | 'clientBudget' | 'projectBudget'

/** Account names (behaviour §4 registration, §7 /v1/profile). Names are stored lower-case; unique. */
export interface NameRegistry {
  /**
   * Stores a name unless it exists or the address already holds `maxPerAddress` names (both checked
   * in the insert itself). Resolves false when refused: never overwrites another owner's name.
   */
  registerName(record: RegisteredName, maxPerAddress: number): Promise<boolean>
  /**
   * registerName, and within `budget`: the client's and the project's registrations of the last
   * `windowSeconds` (before `record.createdAt`) are counted in the same transaction as the insert,
   * which is serialised across every API node sharing the database. Only stored names count.
   */
  registerNameWithin(
    record: RegisteredName,
    limits: { maxPerAddress: number; budget: NameBudget },
  ): Promise<NameRegistration>
  getName(name: string): Promise<RegisteredName | null>
  /** The names of an address, newest first, at most `limit`. */
  namesOf(address: string, limit: number): Promise<RegisteredName[]>
  /** Which of `names` are registered. */
  takenNames(names: string[]): Promise<Set<string>>
}
