import type { NameRecord } from './repository.ts'

/** A name registered through POST /v1/profile/account: the chain its signature was checked for. */
export interface RegisteredName extends NameRecord {
  /** SLIP-44 / ENSIP-11 coin type (chainId | 0x80000000); null for names stored before registration existed. */
  coinType: number | null
}

/** Account names (SPEC §4 registration, §7 /v1/profile). Names are stored lower-case; unique. */
export interface NameRegistry {
  /**
   * Stores a name unless it exists or the address already holds `maxPerAddress` names (both checked
   * in the insert itself). Resolves false when refused: never overwrites another owner's name.
   */
  registerName(record: RegisteredName, maxPerAddress: number): Promise<boolean>
  getName(name: string): Promise<RegisteredName | null>
  /** The names of an address, newest first, at most `limit`. */
  namesOf(address: string, limit: number): Promise<RegisteredName[]>
  /** Which of `names` are registered. */
  takenNames(names: string[]): Promise<Set<string>>
}
