/**
 * The lazy body of the Bitcoin kind, the bip122 account of a Bitcoin Wallet Standard wallet: `bitcoin:connect` with
 * the purposes payment and ordinals, silent restore from the wallet's authorized accounts, the
 * wallet's `standard:events` changes, balance through the blockchain API, `bitcoin:signMessage`,
 * and `standard:disconnect`. Every account a wallet hands over is checked: a segwit address of the
 * network and the public key it pays to, else it is refused.
 */
import {
  type AccountType,
  type ChainNamespace,
  type Connector,
  DEFAULT_ACCOUNT_TYPES,
  type Network,
} from '@portico/shared-types'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import { ApiError } from '../../api/errors.ts'
import { decodeSegwitAddress, publicKeyHex, publicKeyMatches } from '../../chains/bitcoin.ts'
import { BECH32_PREFIXES, BITCOIN_WALLET_CHAINS, walletChainOf } from '../../chains/bitcoinChains.ts'
import type { Kernel } from '../../kernel.ts'
import { WalletError, walletUnavailable } from '../errors.ts'
import type { AccountFacts, ConnectorBody, ConnectorContext, SessionFacts } from '../kind.ts'
import { restoreTarget, walletSession } from '../walletStandard/session.ts'
import { disconnectBitcoinWallet, signBitcoinMessage } from './features.ts'
import { bitcoinWallet } from './wallets.ts'

const NAMESPACE: ChainNamespace = 'bip122'
/** A wallet answering more accounts than this is not trusted with any. */
const MAX_ACCOUNTS = 20

type Purpose = 'payment' | 'ordinals'
interface BitcoinFeatures {
  'bitcoin:connect'?: {
    connect(input: { purposes: Purpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
  }
}
const features = (wallet: Wallet) => wallet.features as BitcoinFeatures

/** A checked account: its type (payment or ordinal) follows its address kind. */
export interface BitcoinAccount {
  account: WalletAccount
  type: AccountType
}

/**
 * The usable accounts among what a wallet answers: for `network`'s bech32 prefix, a segwit address
 * whose public key matches (P2WPKH → payment, taproot → ordinal). Malformed entries are dropped.
 */
export function checkBitcoinAccounts(accounts: unknown, prefix: string | undefined): BitcoinAccount[] {
  if (!Array.isArray(accounts) || accounts.length > MAX_ACCOUNTS) return []
  return (accounts as WalletAccount[]).flatMap((account) => {
    const address = decodeSegwitAddress(account?.address)
    if (!address || (prefix !== undefined && address.prefix !== prefix)) return []
    if (!publicKeyMatches(address, account.publicKey)) return []
    return [{ account, type: address.version === 0 ? ('payment' as const) : ('ordinal' as const) }]
  })
}

function preferredType(kernel: Kernel): AccountType {
  const state = kernel.store.get()
  return (
    state.accounts[NAMESPACE]?.preferredAccountType ??
    state.options.defaultAccountTypes?.[NAMESPACE] ??
    DEFAULT_ACCOUNT_TYPES[NAMESPACE]
  )
}

/** The account facts of checked accounts: the preferred type's account is the active one. */
function accountFacts(kernel: Kernel, accounts: BitcoinAccount[]): AccountFacts | undefined {
  const type = preferredType(kernel)
  const active = accounts.find((candidate) => candidate.type === type) ?? accounts[0]
  if (!active) return undefined
  return {
    address: active.account.address,
    type: active.type,
    allAccounts: accounts.map(({ account, type: kind }) => ({
      namespace: NAMESPACE,
      address: account.address,
      type: kind,
      publicKey: publicKeyHex(account.publicKey),
    })),
  }
}

/** The requested bip122 network the wallet is on (the current one first), or undefined. */
function pickNetwork(kernel: Kernel, walletChains: readonly string[]): Network | undefined {
  const slice = kernel.store.get().networks.byNamespace[NAMESPACE]
  const requested = slice?.requestedCaipNetworks ?? []
  const current = slice?.caipNetwork
  if (current && requested.includes(current) && walletChainOf(current, walletChains)) return current
  return requested.find((network) => walletChainOf(network, walletChains))
}

function bitcoinSession(
  kernel: Kernel,
  connector: Connector,
  wallet: Wallet,
  accounts: readonly WalletAccount[],
): SessionFacts {
  const prefixOf = () =>
    BECH32_PREFIXES[kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork?.caipNetworkId ?? '']
  let checked: BitcoinAccount[] = []
  return walletSession(kernel, {
    namespace: NAMESPACE,
    connector,
    wallet,
    network: pickNetwork(kernel, Array.isArray(wallet.chains) ? wallet.chains : []),
    fallback: (wallet.chains ?? []).map((chain) => BITCOIN_WALLET_CHAINS[chain]).find(Boolean),
    account: (network) => {
      checked = checkBitcoinAccounts(accounts, BECH32_PREFIXES[network.caipNetworkId])
      const facts = accountFacts(kernel, checked)
      if (!facts) throw new WalletError('WALLET_NO_ACCOUNT', 'The wallet returned no valid Bitcoin account')
      return facts
    },
    onAccounts: (next, report) => {
      const usable = checkBitcoinAccounts(next, prefixOf())
      const facts = accountFacts(kernel, usable)
      if (!facts) return report.end(NAMESPACE)
      const current = kernel.store.get().accounts[NAMESPACE]?.address
      if (
        usable.some((candidate) => candidate.account.address === current) &&
        usable.length === checked.length
      )
        return
      report.account(NAMESPACE, connector, facts)
    },
    onNetwork: (caipNetworkId, address, report) => report.followNetwork(NAMESPACE, caipNetworkId, address),
  })
}

/** `bitcoin:connect` (which may prompt) with the purposes payment and ordinals. */
async function connectBitcoin({ kernel }: ConnectorContext, connector: Connector): Promise<SessionFacts> {
  const wallet = bitcoinWallet(kernel, connector.id)
  const connect = wallet ? features(wallet)['bitcoin:connect'] : undefined
  if (!wallet || !connect) throw walletUnavailable(connector.id)
  const { accounts } = await connect.connect({ purposes: ['payment', 'ordinals'] })
  return bitcoinSession(kernel, connector, wallet, accounts)
}

/**
 * behaviour §4 auto-reconnect of a stored Bitcoin connector without a prompt: `bitcoin:connect` has no
 * silent mode, so the wallet's already authorized `accounts` are used; none means skipped.
 */
async function restoreBitcoin(
  { kernel }: ConnectorContext,
  connectorId: string,
): Promise<SessionFacts | undefined> {
  const target = await restoreTarget(kernel, connectorId, bitcoinWallet)
  const accounts = target?.wallet.accounts
  if (!target || !Array.isArray(accounts) || accounts.length === 0) return undefined
  return bitcoinSession(kernel, target.connector, target.wallet, accounts)
}

/** The connected account's BTC from the blockchain API (the node's address index), as a decimal string. */
export async function readBitcoinBalance(kernel: Kernel, network: Network, address: string): Promise<string> {
  if (!kernel.api)
    throw new ApiError('API_NOT_CONFIGURED', 'Bitcoin balances need the blockchain API (apiUrl)')
  const balances = await kernel.api.fetchBalances(address, network.caipNetworkId, { forceUpdate: true })
  const btc = balances.find((balance) => balance.symbol === network.nativeCurrency.symbol && !balance.address)
  if (!btc || !/^\d{1,8}(\.\d{1,8})?$/.test(btc.quantity.numeric))
    throw new ApiError('API_UNEXPECTED_ANSWER', 'No BTC balance in the answer')
  return btc.quantity.numeric
}

export const bitcoinBody: ConnectorBody & Required<Pick<ConnectorBody, 'readBalance' | 'signMessage'>> = {
  connect: connectBitcoin,
  restore: restoreBitcoin,
  disconnect: async ({ kernel }, connectorId) => disconnectBitcoinWallet(kernel, connectorId),
  readBalance: readBitcoinBalance,
  signMessage: signBitcoinMessage,
}
