/**
 * Where the node's simulation says less than the request itself. The calldata is read here without any
 * node (a native value, an ERC-20 transfer or approve); each of these must show in the simulated effects
 * as the same movement (same token contract, counterparty and amount). One that does not is a
 * contradiction: a node that lies ("no changes" for a transfer that really happens) cannot make the
 * approval look safe, because the decoded call stays on screen and this says the two disagree.
 *
 * A stated effect matches at most one simulated effect, so two equal transfers need two events.
 */
import type { PreviewedCall } from '@portico/shared-types/preview-digest'
import { type Effects, UNLIMITED_FROM } from '@portico/shared-types/preview-simulate'
import { type Address, formatUnits, isAddressEqual } from 'viem'
import { erc20CallOf } from './calls.ts'
import { type TokenReader, tokenAmount } from './tokenInfo.ts'

export type StatedEffect =
  | { callIndex: number; kind: 'native'; counterparty: Address; amount: bigint }
  | { callIndex: number; kind: 'transfer' | 'approve'; token: Address; counterparty: Address; amount: bigint }

/** What the calls' own bytes say they do to `from`'s assets. */
export function statedEffects(calls: readonly PreviewedCall[], from: Address): StatedEffect[] {
  const stated: StatedEffect[] = []
  calls.forEach((call, callIndex) => {
    if (call.value > 0n && !isAddressEqual(call.to, from))
      stated.push({ callIndex, kind: 'native', counterparty: call.to, amount: call.value })
    const erc20 = erc20CallOf(call.data)
    if (erc20?.kind === 'transfer' && erc20.amount > 0n && !isAddressEqual(erc20.recipient, from))
      stated.push({
        callIndex,
        kind: 'transfer',
        token: call.to,
        counterparty: erc20.recipient,
        amount: erc20.amount,
      })
    if (erc20?.kind === 'approve')
      stated.push({
        callIndex,
        kind: 'approve',
        token: call.to,
        counterparty: erc20.spender,
        amount: erc20.amount,
      })
  })
  return stated
}

/** The stated effects the simulation does not show. */
export function missingEffects(stated: readonly StatedEffect[], effects: Effects): StatedEffect[] {
  const changes = [...effects.changes]
  const approvals = [...effects.approvals]
  const take = <T>(list: T[], found: (item: T) => boolean) => {
    const at = list.findIndex(found)
    if (at >= 0) list.splice(at, 1)
    return at >= 0
  }
  return stated.filter((s) => {
    if (s.kind === 'approve')
      return !take(
        approvals,
        (a) =>
          a.standard === 'erc20' &&
          isAddressEqual(a.token, s.token) &&
          isAddressEqual(a.spender, s.counterparty) &&
          a.amount === s.amount,
      )
    return !take(
      changes,
      (c) =>
        c.direction === 'out' &&
        c.standard === (s.kind === 'native' ? 'native' : 'erc20') &&
        (s.kind === 'native' || isAddressEqual(c.token, s.token)) &&
        isAddressEqual(c.counterparty, s.counterparty) &&
        c.amount === s.amount,
    )
  })
}

/** One line per missing effect, in words, with its token by contract address. */
export async function contradictionLines(
  missing: readonly StatedEffect[],
  tokens: TokenReader,
  nativeSymbol: string,
): Promise<string[]> {
  return Promise.all(
    missing.map(async (s) => {
      const call = `Call ${s.callIndex + 1}`
      if (s.kind === 'native')
        return `${call} sends ${formatUnits(s.amount, 18)} ${nativeSymbol} to ${s.counterparty}: the simulation does not show it.`
      const info = await tokens(s.token)
      if (s.kind === 'transfer')
        return `${call} transfers ${tokenAmount(s.amount, info)} of contract ${s.token} to ${s.counterparty}: the simulation does not show it.`
      const amount = s.amount >= UNLIMITED_FROM ? 'an unlimited amount' : tokenAmount(s.amount, info)
      return `${call} approves ${s.counterparty} to take ${amount} of contract ${s.token}: the simulation does not show it.`
    }),
  )
}
