/**
 * A connected Solana Wallet Standard wallet behind the kernel's `request` (the WalletConnect Solana
 * method names and encodings of shared-types' SolanaRequests), so `handle.request` and plugins'
 * `ctx.account.provider()` reach a Solana wallet the way they reach an EIP-1193 one.
 */
import type {
  Eip1193Provider,
  SolanaRequestMethod,
  SolanaRequests,
  SolanaSendOptions,
  SolanaSignAllTransactionsParams,
  SolanaSignAndSendTransactionParams,
  SolanaSignMessageParams,
  SolanaSignTransactionParams,
} from '@portico/shared-types'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature } from '@wallet-standard/features'
import { walletChainFor } from '../../chains/solana.ts'
import { decodeBase58, decodeBase64, encodeBase58, encodeBase64 } from '../../chains/solanaBase58.ts'
import {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidParamsRpcError,
  ProviderDisconnectedError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
} from '../../errors/rpc.ts'
import type { Kernel } from '../../kernel.ts'
import { walletStandardWallet } from './wallets.ts'

type Features = Partial<
  StandardConnectFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature
>

function featureOf<K extends keyof Features>(wallet: Wallet, name: K): NonNullable<Features[K]> {
  const feature = (wallet.features as Features)[name]
  if (!feature) throw new UnsupportedProviderMethodError(`${wallet.name} does not support ${name}`)
  return feature as NonNullable<Features[K]>
}

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0

function paramsOf<T>(params: unknown, method: string, required: readonly (keyof T)[]): T {
  const candidate = params as Record<string, unknown> | undefined
  if (!candidate || required.some((key) => candidate[key as string] === undefined)) {
    throw new InvalidParamsRpcError(`${method} needs ${required.join(' and ')}`)
  }
  return candidate as T
}

function decode(value: unknown, decoder: (text: string) => Uint8Array, what: string): Uint8Array {
  if (!text(value)) throw new InvalidParamsRpcError(`${what} is missing`)
  try {
    return decoder(value)
  } catch {
    throw new InvalidParamsRpcError(`${what} is not correctly encoded`)
  }
}

/** The first signature of a serialized transaction (compact-u16 count, then 64-byte signatures). */
function firstSignature(wire: Uint8Array): Uint8Array {
  let offset = 0
  let byte: number
  do {
    byte = wire[offset++] ?? 0
  } while (byte & 0x80 && offset < 3)
  return wire.slice(offset, offset + 64)
}

/** Only the connected account acts (behaviour §6). */
function connectedAccount(kernel: Kernel, wallet: Wallet, pubkey?: string): WalletAccount {
  const address = kernel.store.get().accounts.solana?.address
  if (!address) throw new UnauthorizedProviderError('No Solana account is connected')
  if (pubkey !== undefined && pubkey !== address) {
    throw new UnauthorizedProviderError(`${pubkey} is not the connected account`)
  }
  const account = wallet.accounts.find((candidate) => candidate.address === address)
  if (!account) throw new UnauthorizedProviderError(`${wallet.name} no longer authorizes ${address}`)
  return account
}

/** The wallet's name for the active Solana network (Wallet Standard or CAIP-2 form). */
function activeChain(kernel: Kernel, wallet: Wallet, account: WalletAccount): `${string}:${string}` {
  const network = kernel.store.get().networks.byNamespace.solana?.caipNetwork
  if (!network) throw new ChainDisconnectedError('No Solana network is active')
  const chains = account.chains.length > 0 ? account.chains : wallet.chains
  return (walletChainFor(network, chains) ?? network.caipNetworkId) as `${string}:${string}`
}

function sendOptions(options: SolanaSendOptions | undefined) {
  if (!options) return {}
  const { skipPreflight, preflightCommitment, commitment, maxRetries, minContextSlot } = options
  return {
    options: {
      ...(skipPreflight !== undefined ? { skipPreflight } : {}),
      ...(preflightCommitment ? { preflightCommitment } : {}),
      ...(commitment ? { commitment } : {}),
      ...(maxRetries !== undefined ? { maxRetries } : {}),
      ...(minContextSlot !== undefined ? { minContextSlot } : {}),
    },
  }
}

async function handle(
  kernel: Kernel,
  wallet: Wallet,
  method: string,
  params: unknown,
): Promise<SolanaRequests[SolanaRequestMethod]['result']> {
  switch (method) {
    case 'solana_getAccounts':
      return wallet.accounts.map((account) => ({ pubkey: account.address }))
    case 'solana_requestAccounts': {
      const { accounts } = await featureOf(wallet, 'standard:connect').connect()
      return accounts.map((account) => ({ pubkey: account.address }))
    }
    case 'solana_signMessage': {
      const { message, pubkey } = paramsOf<SolanaSignMessageParams>(params, method, ['message', 'pubkey'])
      const account = connectedAccount(kernel, wallet, pubkey)
      const bytes = decode(message, decodeBase58, 'message')
      const [output] = await featureOf(wallet, 'solana:signMessage').signMessage({ account, message: bytes })
      if (!output) throw new InternalRpcError(`${wallet.name} returned no signature`)
      return { signature: encodeBase58(output.signature) }
    }
    case 'solana_signTransaction': {
      const { transaction } = paramsOf<SolanaSignTransactionParams>(params, method, ['transaction'])
      const account = connectedAccount(kernel, wallet)
      const [output] = await featureOf(wallet, 'solana:signTransaction').signTransaction({
        account,
        transaction: decode(transaction, decodeBase64, 'transaction'),
        chain: activeChain(kernel, wallet, account),
      })
      if (!output) throw new InternalRpcError(`${wallet.name} returned no transaction`)
      return {
        signature: encodeBase58(firstSignature(output.signedTransaction)),
        transaction: encodeBase64(output.signedTransaction),
      }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = paramsOf<SolanaSignAllTransactionsParams>(params, method, ['transactions'])
      if (!Array.isArray(transactions)) throw new InvalidParamsRpcError('transactions must be a list')
      const account = connectedAccount(kernel, wallet)
      const chain = activeChain(kernel, wallet, account)
      const outputs = await featureOf(wallet, 'solana:signTransaction').signTransaction(
        ...transactions.map((transaction) => ({
          account,
          chain,
          transaction: decode(transaction, decodeBase64, 'transaction'),
        })),
      )
      return { transactions: outputs.map((output) => encodeBase64(output.signedTransaction)) }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction, sendOptions: options } = paramsOf<SolanaSignAndSendTransactionParams>(
        params,
        method,
        ['transaction'],
      )
      const account = connectedAccount(kernel, wallet)
      const [output] = await featureOf(wallet, 'solana:signAndSendTransaction').signAndSendTransaction({
        account,
        chain: activeChain(kernel, wallet, account),
        transaction: decode(transaction, decodeBase64, 'transaction'),
        ...sendOptions(options),
      })
      if (!output) throw new InternalRpcError(`${wallet.name} returned no signature`)
      return { signature: encodeBase58(output.signature) }
    }
    default:
      throw new UnsupportedProviderMethodError(`The Solana wallet does not support ${method}`)
  }
}

/**
 * The `request` of a Solana Wallet Standard connector: `SolanaRequests[method]` gives each method's
 * params and result type.
 */
export async function solanaRequest(
  kernel: Kernel,
  connectorId: string,
  { method, params }: Parameters<Eip1193Provider['request']>[0],
): Promise<unknown> {
  const wallet = walletStandardWallet(kernel, connectorId)
  if (!wallet) throw new ProviderDisconnectedError(`Wallet "${connectorId}" is not available`)
  return handle(kernel, wallet, method, params)
}
