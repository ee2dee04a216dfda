/**
 * An EIP-1193 wallet on eip155 (announced, injected, a plugin connector's provider, a WalletConnect
 * session): what its connect and silent restore answer, and its accountsChanged / chainChanged /
 * disconnect events, as facts for the account lifecycle.
 */
import { type Connector, type Eip1193Provider, MESSAGES } from '@portico/shared-types'
import { isEip155Address } from '../chains/caip.ts'
import { parseHexChainId } from '../chains/eip155.ts'
import type { Kernel } from '../kernel.ts'
import { WalletError } from './errors.ts'
import type { AccountFacts, SessionFacts, SessionReport } from './kind.ts'

const NAMESPACE = 'eip155'

const accountFacts = (address: string): AccountFacts => ({
  address,
  allAccounts: [{ namespace: NAMESPACE, address, type: 'eoa' }],
})

function watch(kernel: Kernel, connector: Connector, provider: Eip1193Provider, report: SessionReport) {
  const onAccountsChanged = (accounts: unknown) => {
    const [next] = Array.isArray(accounts) ? (accounts as unknown[]) : []
    if (!next) return report.reset(NAMESPACE)
    // behaviour §5: a wallet's account goes into explorer URLs and API paths only as 40 hex digits.
    if (typeof next !== 'string' || !isEip155Address(next)) {
      kernel.log.error(
        `Portico: ignored accountsChanged: ${MESSAGES.invalidCaipAddress}`,
        String(next).slice(0, 120),
      )
      return
    }
    report.account(NAMESPACE, connector, accountFacts(next))
  }
  const onChainChanged = (value: unknown) => {
    const next = parseHexChainId(value)
    if (next !== undefined) report.chain(NAMESPACE, connector, next, accountFacts)
  }
  const onDisconnect = () => report.reset(NAMESPACE)

  const on = provider.on?.bind(provider) as
    | ((event: string, listener: (value: unknown) => void) => void)
    | undefined
  const off = provider.removeListener?.bind(provider) as typeof on
  on?.('accountsChanged', onAccountsChanged)
  on?.('chainChanged', onChainChanged)
  on?.('disconnect', onDisconnect)
  return () => {
    off?.('accountsChanged', onAccountsChanged)
    off?.('chainChanged', onChainChanged)
    off?.('disconnect', onDisconnect)
  }
}

/** The eip155 session of `provider`'s `address` on `chainId`, followed through the provider's events. */
export function eip155Session(
  kernel: Kernel,
  connector: Connector,
  provider: Eip1193Provider,
  address: string,
  chainId: number,
): SessionFacts {
  return {
    namespace: NAMESPACE,
    connector,
    chainId,
    account: () => accountFacts(address),
    watch: (report) => watch(kernel, connector, provider, report),
  }
}

/** eth_requestAccounts (the wallet prompts) and eth_chainId. */
export async function connectEip155(
  kernel: Kernel,
  connector: Connector,
  provider: Eip1193Provider,
): Promise<SessionFacts> {
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
  const address = accounts?.[0]
  if (!address) throw new WalletError('WALLET_NO_ACCOUNT', 'The wallet returned no account')
  const chainId = parseHexChainId(await provider.request({ method: 'eth_chainId' }))
  if (chainId === undefined) throw new WalletError('WALLET_NO_CHAIN_ID', 'The wallet returned no chain id')
  return eip155Session(kernel, connector, provider, address, chainId)
}

/** eth_accounts never prompts: an empty list means the wallet no longer authorizes this site. */
export async function restoreEip155(
  kernel: Kernel,
  connector: Connector,
  provider: Eip1193Provider,
): Promise<SessionFacts | undefined> {
  const accounts = (await provider.request({ method: 'eth_accounts' })) as unknown
  const chainId = parseHexChainId(await provider.request({ method: 'eth_chainId' }))
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined
  if (!address || chainId === undefined) return undefined
  return eip155Session(kernel, connector, provider, address, chainId)
}
