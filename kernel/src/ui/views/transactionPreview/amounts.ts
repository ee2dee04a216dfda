/**
 * Amounts and token labels as the preview writes them: exact (every decimal the token has, never rounded:
 * the visitor is deciding on this number), and tokens always with their contract, since a symbol is
 * whatever the contract chose to call itself.
 */
import type { PreviewToken } from '@portico/shared-types/api'
import { formatUnits } from 'viem'

/** `amount` smallest units in whole tokens; `inUnits` when the token's decimals are unknown (the raw integer). */
export function exactAmount(amount: string, token: Pick<PreviewToken, 'decimals'>) {
  return token.decimals === null
    ? { value: amount, inUnits: true }
    : { value: formatUnits(BigInt(amount), token.decimals), inUnits: false }
}

/** The 0x contract of a CAIP-10 token address (eip155:1:0x…). */
export const contractOf = (token: Pick<PreviewToken, 'address'>): string => token.address.split(':')[2] ?? ''
