/**
 * A project's sponsor policy applied to one operation (before any signature): the chain is sponsored,
 * the request names this chain's EntryPoint (and no other paymaster), an undeployed account is created
 * by an allowed factory, every call it makes targets an allowed contract, and its gas is within the
 * per-operation bound. The daily budgets are the ledger's (budget.ts).
 */
import { isAddressEqual } from 'viem'
import { accountCallTargets } from './calls.ts'
import type { PaymasterChain, PaymasterConfig, SponsorPolicy } from './config.ts'
import { invalid, notSponsored, PAYMASTER_MESSAGES } from './errors.ts'
import { maxGasOf, type PaymasterRequest } from './userOperation.ts'

export interface Sponsorable {
  policy: SponsorPolicy
  chain: PaymasterChain
}

/** The policy and chain that cover `request` for `projectId`; throws the fixed refusal otherwise. */
export function checkPolicy(
  config: PaymasterConfig,
  projectId: string,
  request: PaymasterRequest,
): Sponsorable {
  const policy = Object.hasOwn(config.policies, projectId) ? config.policies[projectId] : undefined
  const chain = config.chains.find((c) => c.chainId === request.chainId)
  if (!policy || !chain || !policy.chains.includes(request.chainId))
    throw notSponsored(PAYMASTER_MESSAGES.chainNotSponsored)
  if (!isAddressEqual(request.entryPoint, chain.entryPoint)) throw invalid(PAYMASTER_MESSAGES.wrongEntryPoint)
  if (request.paymaster && !isAddressEqual(request.paymaster, chain.paymaster))
    throw invalid(PAYMASTER_MESSAGES.wrongPaymaster)
  const { op } = request
  const allowed = (list: readonly string[] | undefined, address: string) =>
    (list ?? []).some((entry) => isAddressEqual(entry as `0x${string}`, address as `0x${string}`))
  if (op.factory && !allowed(policy.factories[request.chainId], op.factory))
    throw notSponsored(PAYMASTER_MESSAGES.factoryNotSponsored)
  const targets = accountCallTargets(op.callData)
  if (!targets) throw notSponsored(PAYMASTER_MESSAGES.callNotReadable)
  if (!targets.every((target) => allowed(policy.targets[request.chainId], target)))
    throw notSponsored(PAYMASTER_MESSAGES.targetNotSponsored)
  if (maxGasOf(op) > config.maxGasPerOperation) throw notSponsored(PAYMASTER_MESSAGES.tooMuchGas)
  return { policy, chain }
}
