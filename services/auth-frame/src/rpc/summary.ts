/**
 * What DESCRIBE_REQUEST answers and the frame's approval view renders: rows of plain text (set with
 * textContent), computed in the wallet's backend from the exact params that will be signed.
 */

export interface SummaryRow {
  label: string
  value: string
  /** Worth a warning (an unlimited approval, an undecodable call, a token on no list). */
  warn?: boolean
}

export interface RequestSummary {
  title: string
  rows: SummaryRow[]
  /** The request would fail (its simulation reverted): the view never enables Approve. */
  blocked?: true
  /**
   * The backend's proof that it described these exact params in this session (rpc/described.ts):
   * APPROVE_REQUEST requires it, so nothing but what was shown can be approved.
   */
  described?: string
}
