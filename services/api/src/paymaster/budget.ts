/**
 * The daily budgets of a sponsor policy, counted in the database (every API node sees the same totals):
 * a sender's and the whole project's sponsored gas cost per chain and UTC day. An operation counts its
 * maximum cost (what the EntryPoint may charge the paymaster) when it is signed, whether or not it is
 * ever sent: a signature is a promise to pay.
 */
import type { SponsoredGasLedger } from '../db/sponsoredGasRepository.ts'
import type { SponsorPolicy } from './config.ts'
import { notSponsored, PAYMASTER_MESSAGES } from './errors.ts'

const GWEI = 10n ** 9n
const DAY_MS = 86_400_000

export const utcDay = (nowMs: number) => Math.floor(nowMs / DAY_MS)
const gweiUp = (wei: bigint) => (wei + GWEI - 1n) / GWEI

export interface BudgetKey {
  projectId: string
  chainId: number
  sender: string
  nowMs: number
}

const keyOf = (key: BudgetKey) => ({
  projectId: key.projectId,
  chainId: key.chainId,
  sender: key.sender.toLowerCase(),
  day: utcDay(key.nowMs),
})

/** Refuses (stub data) when `maxCost` no longer fits what is left of either budget today. */
export async function checkBudget(
  ledger: SponsoredGasLedger,
  policy: SponsorPolicy,
  key: BudgetKey,
  maxCost: bigint,
): Promise<void> {
  const spent = await ledger.sponsoredGasOfDay(keyOf(key))
  const cost = gweiUp(maxCost)
  if (
    spent.sender + cost > policy.maxWeiPerSenderPerDay / GWEI ||
    spent.project + cost > policy.maxWeiPerDay / GWEI
  )
    throw notSponsored(PAYMASTER_MESSAGES.dailyLimit)
}

/** Counts `maxCost` against both budgets, or refuses without counting anything. */
export async function spendBudget(
  ledger: SponsoredGasLedger,
  policy: SponsorPolicy,
  key: BudgetKey,
  maxCost: bigint,
): Promise<void> {
  const result = await ledger.spendSponsoredGas(
    { ...keyOf(key), gwei: gweiUp(maxCost) },
    { perSenderGwei: policy.maxWeiPerSenderPerDay / GWEI, perProjectGwei: policy.maxWeiPerDay / GWEI },
  )
  if (result !== 'ok') throw notSponsored(PAYMASTER_MESSAGES.dailyLimit)
}
