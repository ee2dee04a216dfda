/**
 * The networks' token lists, as the approval uses them: a token whose contract is not on its network's
 * list is marked "Not on this network's token list" (whatever symbol its contract reports). The list is
 * the API's own (services/api lists the same contracts in balances and previews): PORTICO_TOKENS
 * (`<chainId>:<0x address>,…`) and PORTICO_FIXTURES_FILE, read by the API's own parser; without either,
 * the devnet's fixture tokens on the devnet chains (31337, 31338), as the API does.
 */
import { configFromEnv as apiConfigFromEnv } from '@portico/api'
import { fixtureAddresses } from '@portico/devnet'
import type { AuthFrameConfig, FrameChain, ListedToken } from './config.ts'

/** Chains the devnet deploys its fixtures on (same addresses on each). */
const DEVNET_CHAIN_IDS = new Set([31337, 31338])

/** The variables the API reads its token list from. */
const TOKEN_LIST_VARIABLES = [
  'PORTICO_TOKENS',
  'PORTICO_SPAM_CONTRACTS',
  'PORTICO_FIXTURES_FILE',
  'PORTICO_DEVNET_FIXTURES_FILE',
] as const

/** The default: the devnet's fixture tokens on those of `chains` that are devnet chains. */
export function devnetTokenList(chains: readonly FrameChain[]): ListedToken[] {
  const tokens = Object.values(fixtureAddresses().tokens)
  return chains
    .filter((chain) => DEVNET_CHAIN_IDS.has(chain.chainId))
    .flatMap((chain) => tokens.map((address) => ({ chainId: chain.chainId, address })))
}

/** The list the API's configuration names, or undefined when none of its variables is set. */
export function tokenListFromEnv(env: NodeJS.ProcessEnv): ListedToken[] | undefined {
  const given = Object.fromEntries(
    TOKEN_LIST_VARIABLES.filter((name) => env[name] !== undefined).map((name) => [name, env[name]]),
  )
  if (Object.keys(given).length === 0) return undefined
  const api = apiConfigFromEnv(given)
  return [
    ...(api.tokens ?? []).map(({ chainId, address }) => ({ chainId, address })),
    ...Object.entries(api.fixtures ?? {}).flatMap(([chainId, fixtures]) =>
      Object.values(fixtures.tokens ?? {}).map((address) => ({ chainId: Number(chainId), address })),
    ),
  ]
}

/** Lower-case contracts listed on one chain. */
export function listedTokens(config: Pick<AuthFrameConfig, 'tokenList'>, chainId: number): Set<string> {
  return new Set(
    config.tokenList.filter((token) => token.chainId === chainId).map((token) => token.address.toLowerCase()),
  )
}
