/**
 * The lazy body of the Solana kind: connect (`standard:connect`), silent restore, the wallet's
 * `standard:events` changes, message signing, `standard:disconnect` and the request mapping.
 */
import {
  type CaipNetworkId,
  type Connector,
  DEFAULT_ACCOUNT_TYPES,
  type SolanaSignMessageResult,
  type StoredAccount,
} from '@portico/shared-types'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { caipNetworkIdOfWalletChain, isSolanaChain, pickSolanaNetwork } from '../../chains/solana.ts'
import { encodeBase58 } from '../../chains/solanaBase58.ts'
import type { Kernel } from '../../kernel.ts'
import { WalletError, walletUnavailable } from '../errors.ts'
import type { AccountFacts, ConnectorBody, SessionFacts } from '../kind.ts'
import { disconnectWallet, restoreTarget, walletSession } from '../walletStandard/session.ts'
import { solanaRequest } from './request.ts'
import { walletStandardWallet } from './wallets.ts'

const NAMESPACE = 'solana'

const features = (wallet: Wallet) => wallet.features as Partial<StandardConnectFeature>

/**
 * Accounts that can act on Solana (an account naming no chain follows its wallet's chains); a
 * malformed entry from the wallet is skipped, never a crash.
 */
const solanaAccounts = (accounts: readonly WalletAccount[] | undefined) =>
  (Array.isArray(accounts) ? (accounts as readonly WalletAccount[]) : []).filter(
    (account) =>
      typeof account?.address === 'string' &&
      account.address.length > 0 &&
      (!Array.isArray(account.chains) || account.chains.length === 0 || account.chains.some(isSolanaChain)),
  )

/** A Solana account: its address is its base58 public key. */
export function solanaAccountFacts(kernel: Kernel, address: string): AccountFacts {
  const type = kernel.store.get().options.defaultAccountTypes?.[NAMESPACE] ?? DEFAULT_ACCOUNT_TYPES[NAMESPACE]
  const allAccounts: StoredAccount[] = [{ namespace: NAMESPACE, address, type, publicKey: address }]
  return { address, type, allAccounts }
}

/**
 * The wallet's account on the chosen requested Solana network the wallet supports (solana becomes the
 * active namespace), followed through the wallet's events until reset.
 */
function solanaSession(
  kernel: Kernel,
  connector: Connector,
  wallet: Wallet,
  account: WalletAccount,
): SessionFacts {
  const chains = Array.isArray(account.chains) && account.chains.length > 0 ? account.chains : wallet.chains
  const slice = kernel.store.get().networks.byNamespace[NAMESPACE]
  return walletSession(kernel, {
    namespace: NAMESPACE,
    connector,
    wallet,
    network: pickSolanaNetwork(slice?.requestedCaipNetworks ?? [], slice?.caipNetwork, chains),
    // A wallet on none of the requested networks: its first Solana chain, as a placeholder.
    fallback: chains.map(caipNetworkIdOfWalletChain).find((id): id is CaipNetworkId => id !== undefined),
    account: () => solanaAccountFacts(kernel, account.address),
    onAccounts: (accounts, report) => {
      const usable = solanaAccounts(accounts)
      const current = kernel.store.get().accounts[NAMESPACE]?.address
      const next = usable.find((candidate) => candidate.address === current) ?? usable[0]
      if (!next) return report.end(NAMESPACE)
      if (next.address === current) return
      report.account(NAMESPACE, connector, solanaAccountFacts(kernel, next.address))
    },
    // The CAIP address follows the network.
    onNetwork: (caipNetworkId, address, report) => {
      if (kernel.store.get().accounts[NAMESPACE]?.caipAddress === `${caipNetworkId}:${address}`) return
      report.account(NAMESPACE, connector, solanaAccountFacts(kernel, address), { refreshBalance: false })
    },
  })
}

/** Signs `message` (UTF-8 text or bytes) with the connected Solana account; the signature in base58. */
export async function signSolanaMessage(kernel: Kernel, message: string | Uint8Array): Promise<string> {
  const account = kernel.store.get().accounts[NAMESPACE]
  const provider = account?.connectorId ? kernel.providers.get(account.connectorId) : undefined
  if (account?.status !== 'connected' || !account.address || !provider) {
    throw new WalletError('WALLET_NOT_CONNECTED', 'No Solana wallet is connected')
  }
  const bytes = typeof message === 'string' ? new TextEncoder().encode(message) : message
  const { signature } = (await provider.request({
    method: 'solana_signMessage',
    params: { message: encodeBase58(bytes), pubkey: account.address },
  })) as SolanaSignMessageResult
  return signature
}

export const solanaBody: ConnectorBody = {
  /** `standard:connect`, which may prompt. */
  async connect({ kernel }, connector) {
    const wallet = walletStandardWallet(kernel, connector.id)
    const connect = wallet ? features(wallet)['standard:connect'] : undefined
    if (!wallet || !connect) throw walletUnavailable(connector.id)
    const { accounts } = await connect.connect()
    const account = solanaAccounts(accounts)[0] ?? solanaAccounts(wallet.accounts)[0]
    if (!account) throw new WalletError('WALLET_NO_ACCOUNT', 'The wallet returned no account')
    return solanaSession(kernel, connector, wallet, account)
  },
  /**
   * behaviour §4 auto-reconnect: `standard:connect` with `{ silent: true }` never prompts; no account
   * back means the wallet no longer authorizes the site (skipped).
   */
  async restore({ kernel }, connectorId) {
    const target = await restoreTarget(kernel, connectorId, walletStandardWallet)
    const connect = target ? features(target.wallet)['standard:connect'] : undefined
    if (!target || !connect) return undefined
    const { accounts } = await connect.connect({ silent: true })
    const account = solanaAccounts(accounts)[0]
    if (!account) return undefined
    return solanaSession(kernel, target.connector, target.wallet, account)
  },
  disconnect: async ({ kernel }, connectorId) =>
    disconnectWallet(kernel, walletStandardWallet(kernel, connectorId), 'Solana'),
  signMessage: signSolanaMessage,
  request: solanaRequest,
}
