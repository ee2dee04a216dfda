/**
 * The sponsor's paymaster service (ERC-7677, /v1/paymaster): which chains it signs for, with which
 * key, and each project's sponsor policy. See services/api/README.md, Paymaster.
 */
import { DEV_PAYMASTER_SIGNER_KEY } from '@portico/devnet'
import { type Address, getAddress, type Hex } from 'viem'
import type { FixturesInput } from '../config.ts'

/** A chain the service signs for: the paymaster contract and the EntryPoint it serves. */
export interface PaymasterChain {
  chainId: number
  /** PorticoVerifyingPaymaster (services/devnet contracts/VerifyingPaymaster.sol) or one that checks the same signature. */
  paymaster: Address
  /** EntryPoint v0.8; a request naming another is refused. */
  entryPoint: Address
}

/** What one project sponsors. Addresses are checksummed; limits are wei of gas cost per UTC day. */
export interface SponsorPolicy {
  /** Shown to the user's wallet as the ERC-7677 sponsor. */
  sponsorName: string
  /** The chains sponsored (each needs a PaymasterChain). */
  chains: number[]
  /** Per chain: the contracts the account's calls may target. Any other target is refused. */
  targets: Record<number, Address[]>
  /** Per chain: the account factories an undeployed account may be created by. */
  factories: Record<number, Address[]>
  /**
   * The most gas cost one sender may be sponsored per chain per UTC day: each signed operation counts
   * its maximum (every gas limit × maxFeePerGas), when pm_getPaymasterData signs it.
   */
  maxWeiPerSenderPerDay: bigint
  /** The same for all the project's senders together (a flood of new accounts stops here). */
  maxWeiPerDay: bigint
}

export interface PaymasterConfig {
  /**
   * The sponsor's signing key (the paymaster's `signer`); outside production the devnet's by default.
   * Production without one refuses to start (production.ts).
   */
  signerKey?: Hex
  chains: PaymasterChain[]
  /** projectId → policy; a project without one is sponsored nothing. */
  policies: Record<string, SponsorPolicy>
  /** How long a signed sponsorship may wait to be included (its validUntil), in seconds. */
  validForSeconds: number
  /** The paymaster's verification gas limit the stub data gives (its signature check with headroom). */
  verificationGasLimit: bigint
  /** The most gas (all limits together) one sponsored operation may ask for. */
  maxGasPerOperation: bigint
  /** Sponsorship requests one sender may make per minute, per project and chain (beside the API's IP limits). */
  requestsPerSenderPerMinute: number
}

export type PaymasterConfigInput = Partial<PaymasterConfig> & { enabled?: boolean }

/** The dev project's policy on the devnet: USDC and the DEX, accounts from the fixtures' factory. */
export const DEV_POLICY_LIMITS = {
  maxWeiPerSenderPerDay: 5n * 10n ** 16n,
  maxWeiPerDay: 10n ** 19n,
} as const

const DEFAULTS = {
  validForSeconds: 600,
  verificationGasLimit: 60_000n,
  maxGasPerOperation: 5_000_000n,
  requestsPerSenderPerMinute: 30,
} as const

/**
 * The service's configuration, or null when it is off (asked, or no chain has a paymaster). Chains come
 * from the input or the fixtures (paymaster and EntryPoint per chain); outside production the key is
 * the devnet's and the dev project (`devProjectId`) gets the devnet policy unless policies are given.
 */
export function resolvePaymasterConfig(
  input: PaymasterConfigInput | undefined,
  fixtures: FixturesInput | undefined,
  options: { production: boolean; devProjectId: string },
): PaymasterConfig | null {
  if (input?.enabled === false) return null
  const chains = input?.chains ?? chainsFromFixtures(fixtures)
  if (chains.length === 0) return null
  const signerKey = input?.signerKey ?? (options.production ? undefined : DEV_PAYMASTER_SIGNER_KEY)
  return {
    ...(signerKey !== undefined && { signerKey }),
    chains,
    policies:
      input?.policies ??
      (options.production ? {} : { [options.devProjectId]: devPolicy(chains, fixtures ?? {}) }),
    validForSeconds: input?.validForSeconds ?? DEFAULTS.validForSeconds,
    verificationGasLimit: input?.verificationGasLimit ?? DEFAULTS.verificationGasLimit,
    maxGasPerOperation: input?.maxGasPerOperation ?? DEFAULTS.maxGasPerOperation,
    requestsPerSenderPerMinute: input?.requestsPerSenderPerMinute ?? DEFAULTS.requestsPerSenderPerMinute,
  }
}

function chainsFromFixtures(fixtures: FixturesInput | undefined): PaymasterChain[] {
  return Object.entries(fixtures ?? {}).flatMap(([id, f]) =>
    f.paymaster?.address && f.aa?.entryPoint
      ? [
          {
            chainId: Number(id),
            paymaster: getAddress(f.paymaster.address),
            entryPoint: getAddress(f.aa.entryPoint),
          },
        ]
      : [],
  )
}

function devPolicy(chains: PaymasterChain[], fixtures: FixturesInput): SponsorPolicy {
  const byChain = (pick: (f: FixturesInput[string]) => (string | undefined)[]): Record<number, Address[]> =>
    Object.fromEntries(
      chains.map((c) => [
        c.chainId,
        pick(fixtures[String(c.chainId)] ?? {}).flatMap((a) => (a ? [getAddress(a)] : [])),
      ]),
    )
  return {
    sponsorName: 'Portico devnet sponsor',
    chains: chains.map((c) => c.chainId),
    targets: byChain((f) => [f.tokens?.USDC, f.dex?.router]),
    factories: byChain((f) => [f.aa?.factory]),
    ...DEV_POLICY_LIMITS,
  }
}
