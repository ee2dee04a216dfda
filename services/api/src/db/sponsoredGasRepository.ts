/** One sponsorship's cost being counted against its budgets (amounts in gwei, rounded up). */
export interface SponsoredGasSpend {
  projectId: string
  chainId: number
  /** The user operation's sender, lower-case. */
  sender: string
  /** UTC day number (days since 1970-01-01). */
  day: number
  gwei: bigint
}

/** 'ok': counted; 'sender' / 'project': that budget would be exceeded, nothing was counted. */
export type SponsoredGasResult = 'ok' | 'sender' | 'project'

/**
 * What the paymaster service has signed for, per project, chain, sender and UTC day, in the database
 * so that the budgets hold across every API node sharing it.
 */
export interface SponsoredGasLedger {
  /**
   * Adds `spend` to the sender's and the project's totals of its day unless either would pass its
   * limit: the check and the addition are one step on every node. Deletes days before yesterday.
   */
  spendSponsoredGas(
    spend: SponsoredGasSpend,
    limits: { perSenderGwei: bigint; perProjectGwei: bigint },
  ): Promise<SponsoredGasResult>
  /** The sender's and the project's totals of the day so far. */
  sponsoredGasOfDay(key: Omit<SponsoredGasSpend, 'gwei'>): Promise<{ sender: bigint; project: bigint }>
}
