import {
  encodePaymasterData,
  type SponsoredUserOperation,
  type SponsorshipTerms,
  STUB_SPONSORSHIP_SIGNATURE,
  sponsorshipTypedData,
} from '@portico/devnet'
import type { Hex, LocalAccount } from 'viem'

/** The paymasterData that makes the paymaster pay for exactly `op` under `terms`: the signer's Sponsorship. */
export async function signedPaymasterData(
  signer: LocalAccount,
  op: SponsoredUserOperation,
  terms: SponsorshipTerms,
): Promise<Hex> {
  const signature = await signer.signTypedData(sponsorshipTypedData(op, terms))
  return encodePaymasterData(terms, signature)
}

/** paymasterData of the signed one's size and cost to verify, for gas estimation (ERC-7677 stub data). */
export const stubPaymasterData = (terms: Pick<SponsorshipTerms, 'validUntil' | 'validAfter'>): Hex =>
  encodePaymasterData(terms, STUB_SPONSORSHIP_SIGNATURE)
