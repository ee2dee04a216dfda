/**
 * The bip122 account of a Bitcoin Wallet Standard wallet (lazy bitcoin chunk): `bitcoin:connect` with
 * the purposes payment and ordinals, silent restore from the wallet's authorized accounts, the
 * wallet's `standard:events` changes, balance through the blockchain API, `bitcoin:signMessage`,
 * and `standard:disconnect`. Every account a wallet hands over is checked: a segwit address of the
 * network and the public key it pays to, else it is refused.
 */
import { type AccountType, type Connector, DEFAULT_ACCOUNT_TYPES, type Network } from '@portico/shared-types'
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
import type { Kernel } from '../kernel.ts'
import { refreshNativeBalance } from './balance.ts'
import { type ConnectResult, connectFlow } from './connect.ts'
import {
  disconnectWalletSession,
  endWalletSession,
  restoreTarget,
  setWalletAccount,
  startWalletSession,
} from './walletStandardSession.ts'

const NAMESPACE = 'bip122'
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

function setAccounts(kernel: Kernel, connector: Connector, accounts: BitcoinAccount[]) {
  const type = preferredType(kernel)
  const active = accounts.find((candidate) => candidate.type === type) ?? accounts[0]
  if (!active) return
  setWalletAccount(kernel, NAMESPACE, connector, {
    address: active.account.address,
    type: active.type,
    allAccounts: accounts.map(({ account, type: kind }) => ({
      namespace: NAMESPACE,
      address: account.address,
      type: kind,
      publicKey: publicKeyHex(account.publicKey),
    })),
  })
}

/** The wallet ended the connection: reset bip122, keep any other namespace's account. */
export function endBitcoinSession(kernel: Kernel): void {
  endWalletSession(kernel, NAMESPACE)
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
  const prefixOf = () =>
    BECH32_PREFIXES[kernel.store.get().networks.byNamespace[NAMESPACE]?.caipNetwork?.caipNetworkId ?? '']
  let checked: BitcoinAccount[] = []
  return startWalletSession(kernel, {
    namespace: NAMESPACE,
    connector,
    wallet,
    network: pickNetwork(kernel, Array.isArray(wallet.chains) ? wallet.chains : []),
    fallback: (wallet.chains ?? []).map((chain) => BITCOIN_WALLET_CHAINS[chain]).find(Boolean),
    apply: () => {
      checked = checkBitcoinAccounts(accounts, prefixOf())
      if (checked.length === 0) throw new Error('The wallet returned no valid Bitcoin account')
      setAccounts(kernel, connector, checked)
    },
    onAccounts: (next) => {
      const usable = checkBitcoinAccounts(next, prefixOf())
      if (usable.length === 0) return endBitcoinSession(kernel)
      const current = kernel.store.get().accounts[NAMESPACE]?.address
      if (
        usable.some((candidate) => candidate.account.address === current) &&
        usable.length === checked.length
      )
        return
      setAccounts(kernel, connector, usable)
      void refreshNativeBalance(kernel, NAMESPACE)
    },
    onNetwork: (caipNetworkId, address) => {
      kernel.store.update((draft) => {
        const slice = draft.accounts[NAMESPACE]
        if (slice) slice.caipAddress = `${caipNetworkId}:${address}`
      })
      void refreshNativeBalance(kernel, NAMESPACE)
    },
  })
}

/** Connects a Bitcoin Wallet Standard wallet (`bitcoin:connect`, which may prompt). */
export async function connectBitcoin(kernel: Kernel, connector: Connector): Promise<ConnectResult> {
  const wallet = bitcoinWallet(kernel, connector.id)
  const connect = wallet ? features(wallet)['bitcoin:connect'] : undefined
  if (!wallet || !connect) throw new Error(`Wallet "${connector.id}" is not available`)
  return connectFlow(kernel, NAMESPACE, connector, async () => {
    const { accounts } = await connect.connect({ purposes: ['payment', 'ordinals'] })
    return startBitcoinSession(kernel, connector, wallet, accounts)
  })
}

/**
 * behaviour §4 auto-reconnect of a stored Bitcoin connector without a prompt: `bitcoin:connect` has no
 * silent mode, so the wallet's already authorized `accounts` are used; none means skipped.
 */
export async function restoreBitcoin(kernel: Kernel, connectorId: string): Promise<boolean> {
  const target = await restoreTarget(kernel, connectorId, bitcoinWallet)
  const accounts = target?.wallet.accounts
  if (!target || !Array.isArray(accounts) || accounts.length === 0) return false
  try {
    startBitcoinSession(kernel, target.connector, target.wallet, accounts)
    return true
  } catch {
    return false
  }
}

export async function disconnectBitcoinWallet(kernel: Kernel, connectorId: string): Promise<void> {
  await disconnectWalletSession(kernel, NAMESPACE, bitcoinWallet(kernel, connectorId), 'Bitcoin')
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
