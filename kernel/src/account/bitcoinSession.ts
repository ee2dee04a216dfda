/**
 * The bip122 account of a Bitcoin Wallet Standard wallet (lazy bitcoin chunk): `bitcoin:connect` with
 * the purposes payment and ordinals, silent restore from the wallet's authorized accounts, the
 * wallet's `standard:events` changes, balance through the blockchain API, `bitcoin:signMessage`,
 * and `standard:disconnect`. Every account a wallet hands over is checked: a segwit address of the
 * network and the public key it pays to, else it is refused.
 */
import {
  type AccountType,
  type CaipAddress,
  type CaipNetworkId,
  type Connector,
  DEFAULT_ACCOUNT_TYPES,
  type Network,
  type StoredAccount,
} from '@portico/shared-types'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  BECH32_PREFIXES,
  BITCOIN_WALLET_CHAINS,
  decodeSegwitAddress,
  isBytes,
  publicKeyHex,
  publicKeyMatches,
  walletChainOf,
} from '../chains/bitcoin.ts'
import { bitcoinWallet } from '../connectors/bitcoinWallets.ts'
import { waitForConnector } from '../connectors/registry.ts'
import type { Kernel } from '../kernel.ts'
import { storeConnected } from '../storage/connection.ts'
import { refreshNativeBalance } from './balance.ts'
import type { ConnectResult } from './connect.ts'
import { setActiveChain } from './network.ts'
import { activateConnectedNamespace } from './reconnect.ts'
import { resetNamespace } from './reset.ts'

const NAMESPACE = 'bip122'
export const LATE_REGISTER_WAIT_MS = 1_000
/** A wallet answering more accounts than this is not trusted with any. */
const MAX_ACCOUNTS = 20

type Purpose = 'payment' | 'ordinals'
interface BitcoinFeatures {
  'bitcoin:connect'?: {
    connect(input: { purposes: Purpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
  }
  'bitcoin:signMessage'?: {
    signMessage(
      ...inputs: { account: WalletAccount; message: Uint8Array }[]
    ): Promise<readonly { signature: Uint8Array }[]>
  }
  'standard:disconnect'?: { disconnect(): Promise<void> }
  'standard:events'?: {
    on(event: 'change', listener: (change: { accounts?: readonly WalletAccount[] }) => void): () => void
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

const connectorOf = (kernel: Kernel, connectorId: string) =>
  kernel.store.get().connectors.find((candidate) => candidate.id === connectorId)

function setStatus(kernel: Kernel, status: 'connecting' | 'disconnected') {
  kernel.store.update((draft) => {
    const account = draft.accounts[NAMESPACE]
    if (account && account.status !== 'connected') account.status = status
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

function setAccounts(kernel: Kernel, connector: Connector, accounts: BitcoinAccount[]) {
  const type = preferredType(kernel)
  const active = accounts.find((candidate) => candidate.type === type) ?? accounts[0]
  if (!active) return
  let caipAddress: CaipAddress | undefined
  kernel.store.update((draft) => {
    const slice = draft.accounts[NAMESPACE]
    const network = draft.networks.byNamespace[NAMESPACE]?.caipNetwork
    if (!slice || !network) return
    caipAddress = `${network.caipNetworkId}:${active.account.address}`
    slice.status = 'connected'
    slice.address = active.account.address
    slice.caipAddress = caipAddress
    slice.connectorId = connector.id
    slice.preferredAccountType = active.type
    slice.allAccounts = accounts.map(
      ({ account, type: kind }): StoredAccount => ({
        namespace: NAMESPACE,
        address: account.address,
        type: kind,
        publicKey: publicKeyHex(account.publicKey),
      }),
    )
    slice.connectedWalletInfo = {
      name: connector.name,
      type: connector.type,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
    }
    const explorer = network.blockExplorers?.default.url
    if (explorer)
      slice.addressExplorerUrl = `${explorer.replace(/\/$/, '')}/address/${active.account.address}`
    else delete slice.addressExplorerUrl
  })
  if (caipAddress) kernel.bus.emit('ACCOUNT_CHANGED', { namespace: NAMESPACE, caipAddress })
}

/** The wallet ended the connection: reset bip122, keep any other namespace's account. */
export function endBitcoinSession(kernel: Kernel): void {
  resetNamespace(kernel, NAMESPACE)
  activateConnectedNamespace(kernel)
}

/** The requested bip122 network the wallet is on (the current one first), or undefined. */
function pickNetwork(kernel: Kernel, walletChains: readonly string[]): Network | undefined {
  const slice = kernel.store.get().networks.byNamespace[NAMESPACE]
  const requested = slice?.requestedCaipNetworks ?? []
  const current = slice?.caipNetwork
  if (current && requested.includes(current) && walletChainOf(current, walletChains)) return current
  return requested.find((network) => walletChainOf(network, walletChains))
}

function startBitcoinSession(
  kernel: Kernel,
  connector: Connector,
  wallet: Wallet,
  accounts: readonly WalletAccount[],
): boolean {
  kernel.sessions.get(NAMESPACE)?.()
  const network = pickNetwork(kernel, Array.isArray(wallet.chains) ? wallet.chains : [])
  let supported: boolean
  if (network) supported = setActiveChain(kernel, NAMESPACE, network.id)
  else {
    const first = (wallet.chains ?? []).map((chain) => BITCOIN_WALLET_CHAINS[chain]).find(Boolean)
    setActiveChain(kernel, NAMESPACE, first?.slice(`${NAMESPACE}:`.length) ?? 'unknown')
    supported = false
  }
  const prefixOf = () =>
    BECH32_PREFIXES[kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork?.caipNetworkId ?? '']
  const checked = checkBitcoinAccounts(accounts, prefixOf())
  if (checked.length === 0) throw new Error('The wallet returned no valid Bitcoin account')
  setAccounts(kernel, connector, checked)
  storeConnected(
    kernel.storage,
    NAMESPACE,
    connector.id,
    kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork?.caipNetworkId,
  )
  void refreshNativeBalance(kernel, NAMESPACE)

  const onChange = ({ accounts: next }: { accounts?: readonly WalletAccount[] }) => {
    if (!next) return
    const usable = checkBitcoinAccounts(next, prefixOf())
    if (usable.length === 0) return endBitcoinSession(kernel)
    const current = kernel.store.get().accounts[NAMESPACE]?.address
    if (usable.some((candidate) => candidate.account.address === current) && usable.length === checked.length)
      return
    setAccounts(kernel, connector, usable)
    void refreshNativeBalance(kernel, NAMESPACE)
  }
  const onNetwork = ({ caipNetworkId }: { caipNetworkId: CaipNetworkId }) => {
    const address = kernel.store.get().accounts[NAMESPACE]?.address
    if (!caipNetworkId.startsWith(`${NAMESPACE}:`) || !address) return
    kernel.store.update((draft) => {
      const slice = draft.accounts[NAMESPACE]
      if (slice) slice.caipAddress = `${caipNetworkId}:${address}`
    })
    void refreshNativeBalance(kernel, NAMESPACE)
  }
  const off = features(wallet)['standard:events']?.on('change', onChange)
  kernel.bus.on('NETWORK_CHANGED', onNetwork)
  kernel.sessions.set(NAMESPACE, () => {
    off?.()
    kernel.bus.off('NETWORK_CHANGED', onNetwork)
  })
  return supported
}

/** Connects a Bitcoin Wallet Standard wallet (`bitcoin:connect`, which may prompt). */
export async function connectBitcoin(kernel: Kernel, connector: Connector): Promise<ConnectResult> {
  const wallet = bitcoinWallet(kernel, connector.id)
  const connect = wallet ? features(wallet)['bitcoin:connect'] : undefined
  if (!wallet || !connect) throw new Error(`Wallet "${connector.id}" is not available`)
  setStatus(kernel, 'connecting')
  try {
    const { accounts } = await connect.connect({ purposes: ['payment', 'ordinals'] })
    const supported = startBitcoinSession(kernel, connector, wallet, accounts)
    kernel.bus.emit('CONNECT_SUCCESS', { method: 'browser', name: connector.name, namespace: NAMESPACE })
    return { supported }
  } catch (error) {
    setStatus(kernel, 'disconnected')
    const message = error instanceof Error ? error.message : String(error)
    kernel.bus.emit('CONNECT_ERROR', { message, name: connector.name })
    throw error
  }
}

/**
 * SPEC §4 auto-reconnect of a stored Bitcoin connector without a prompt: `bitcoin:connect` has no
 * silent mode, so the wallet's already authorized `accounts` are used; none means skipped.
 */
export async function restoreBitcoin(kernel: Kernel, connectorId: string): Promise<boolean> {
  if (!(await waitForConnector(kernel, connectorId, LATE_REGISTER_WAIT_MS))) return false
  const wallet = bitcoinWallet(kernel, connectorId)
  const connector = connectorOf(kernel, connectorId)
  if (!wallet || !connector || !Array.isArray(wallet.accounts) || wallet.accounts.length === 0) return false
  try {
    startBitcoinSession(kernel, connector, wallet, wallet.accounts)
    return true
  } catch {
    return false
  }
}

export async function disconnectBitcoinWallet(kernel: Kernel, connectorId: string): Promise<void> {
  kernel.sessions.get(NAMESPACE)?.()
  kernel.sessions.delete(NAMESPACE)
  const wallet = bitcoinWallet(kernel, connectorId)
  await features(wallet ?? ({ features: {} } as Wallet))
    ['standard:disconnect']?.disconnect()
    .catch((error: unknown) => kernel.log.warn('Portico: the Bitcoin wallet could not disconnect', error))
}

/** The connected account's BTC from the blockchain API (the node's address index), as a decimal string. */
export async function readBitcoinBalance(kernel: Kernel, network: Network, address: string): Promise<string> {
  if (!kernel.api) throw new Error('Bitcoin balances need the blockchain API (apiUrl)')
  const balances = await kernel.api.fetchBalances(address, network.caipNetworkId, { forceUpdate: true })
  const btc = balances.find((balance) => balance.symbol === network.nativeCurrency.symbol && !balance.address)
  if (!btc || !/^\d{1,8}(\.\d{1,8})?$/.test(btc.quantity.numeric))
    throw new Error('No BTC balance in the answer')
  return btc.quantity.numeric
}

const toBase64 = (bytes: Uint8Array) => {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}

/** Signs `message` with the connected payment account (`bitcoin:signMessage`); the signature in base64. */
export async function signBitcoinMessage(kernel: Kernel, message: Uint8Array): Promise<string> {
  const slice = kernel.store.get().accounts[NAMESPACE]
  const wallet = slice?.connectorId ? bitcoinWallet(kernel, slice.connectorId) : undefined
  const sign = wallet ? features(wallet)['bitcoin:signMessage'] : undefined
  const account = wallet?.accounts.find((candidate) => candidate.address === slice?.address)
  if (slice?.status !== 'connected' || !sign || !account) throw new Error('No Bitcoin wallet is connected')
  const [output] = await sign.signMessage({ account, message })
  if (!isBytes(output?.signature) || output.signature.length !== 65) {
    throw new Error('The wallet returned a malformed signature')
  }
  return toBase64(output.signature)
}

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/**
 * `bitcoin_signPsbt` { psbt: base64, signInputs: [{ address, signingIndexes }] } → { psbt: base64 }:
 * the connected wallet's `bitcoin:signTransaction` on the active network's chain, only for accounts
 * it authorized. The caller checks the signed PSBT before it broadcasts anything.
 */
export async function signBitcoinPsbt(
  kernel: Kernel,
  connectorId: string,
  params: unknown,
): Promise<{ psbt: string }> {
  const wallet = bitcoinWallet(kernel, connectorId)
  const sign = wallet
    ? (
        wallet.features as Record<
          string,
          { signTransaction?: (...inputs: unknown[]) => Promise<readonly { signedPsbt: unknown }[]> }
        >
      )['bitcoin:signTransaction']?.signTransaction
    : undefined
  const network = kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork
  const chain = wallet && network ? walletChainOf(network, wallet.chains) : undefined
  if (!wallet || !sign || !chain) throw new Error('No Bitcoin wallet is connected')
  const { psbt, signInputs } = (params ?? {}) as { psbt?: unknown; signInputs?: unknown }
  if (
    typeof psbt !== 'string' ||
    psbt.length > 2_000_000 ||
    !Array.isArray(signInputs) ||
    signInputs.length > 20
  ) {
    throw new Error('bitcoin_signPsbt needs { psbt: base64, signInputs: [{ address, signingIndexes }] }')
  }
  const inputsToSign = signInputs.map((entry: { address?: unknown; signingIndexes?: unknown }) => {
    const account = wallet.accounts.find((candidate) => candidate.address === entry?.address)
    const indexes = entry?.signingIndexes
    if (!account || !Array.isArray(indexes) || indexes.some((i) => !Number.isInteger(i) || i < 0)) {
      throw new Error('bitcoin_signPsbt: an input names no authorized account')
    }
    return { account, signingIndexes: indexes as number[] }
  })
  const [output] = await sign.call(wallet.features['bitcoin:signTransaction'], {
    psbt: fromBase64(psbt),
    chain,
    inputsToSign,
  })
  if (!isBytes(output?.signedPsbt)) throw new Error('The wallet returned a malformed PSBT')
  return { psbt: toBase64(output.signedPsbt) }
}
