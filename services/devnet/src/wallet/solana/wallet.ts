import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageFeature,
  SolanaSignMessageInput,
  SolanaSignTransactionFeature,
  SolanaSignTransactionInput,
} from '@solana/wallet-standard-features'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardConnectFeature,
  StandardConnectInput,
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { decodeBase58, keypairFromSecret, type SolanaKeypair, signEd25519 } from '../../solana/keys.ts'
import { DEV_WALLET_INFO } from '../announce.ts'
import { invalidParams, unauthorized, userRejected } from '../errors.ts'
import { createJsonRpc, type Fetch } from '../jsonRpc.ts'
import { memoryStorage, readJson, STORAGE_KEYS, type WalletStorage, writeJson } from '../storage.ts'
import { signTransactionBytes, toBase64 } from './sign.ts'

export interface SolanaDevWalletOptions {
  /** 64-byte secret key (bytes, number array or base58) or 32-byte seed; or a keypair already made. */
  secretKey: Uint8Array | readonly number[] | string | SolanaKeypair
  rpcUrl: string
  networkId: `solana:${string}`
  storage?: WalletStorage
  fetch?: Fetch
  /** Answer with 4001 as if the user clicked "Reject"; gets 'standard:connect', 'solana:signMessage', ... */
  shouldReject?: (method: string) => boolean
}

export type SolanaDevWalletFeatures = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

const ACCOUNT_FEATURES = [
  'solana:signAndSendTransaction',
  'solana:signTransaction',
  'solana:signMessage',
] as const

interface Authorization {
  address: string
  date: number
}

/**
 * The Portico Dev Wallet on Solana, as a Wallet Standard wallet: one account, one chain, signing
 * with ed25519 in the page and sending through the configured RPC. No UI: approvals are automatic
 * unless shouldReject says otherwise, authorization is remembered in storage like the EVM side.
 */
export class SolanaDevWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = DEV_WALLET_INFO.name
  readonly icon = DEV_WALLET_INFO.icon as WalletIcon
  readonly #keypair: SolanaKeypair
  readonly #account: WalletAccount
  readonly #networkId: `solana:${string}`
  readonly #rpcUrl: string
  readonly #rpc: ReturnType<typeof createJsonRpc>
  readonly #storage: WalletStorage
  readonly #shouldReject: (method: string) => boolean
  readonly #listeners = new Set<StandardEventsListeners['change']>()
  readonly features: SolanaDevWalletFeatures

  constructor(opts: SolanaDevWalletOptions) {
    const secret = opts.secretKey
    this.#keypair = typeof secret === 'object' && 'address' in secret ? secret : keypairFromSecret(secret)
    this.#networkId = opts.networkId
    this.#rpcUrl = opts.rpcUrl
    this.#rpc = createJsonRpc(opts.fetch ?? ((input, init) => globalThis.fetch(input, init)))
    this.#storage = opts.storage ?? memoryStorage()
    this.#shouldReject = opts.shouldReject ?? (() => false)
    this.#account = new ReadonlyWalletAccount({
      address: this.#keypair.address,
      publicKey: this.#keypair.publicKey,
      chains: [this.#networkId],
      features: [...ACCOUNT_FEATURES],
      label: 'Portico Dev',
    })
    this.features = {
      'standard:connect': { version: '1.0.0', connect: (input) => this.#connect(input) },
      'standard:disconnect': { version: '1.0.0', disconnect: () => this.#disconnect() },
      'standard:events': { version: '1.0.0', on: (event, listener) => this.#on(event, listener) },
      'solana:signMessage': { version: '1.1.0', signMessage: (...inputs) => this.#signMessages(inputs) },
      'solana:signTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: (...inputs) => this.#signTransactions(inputs),
      },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: (...inputs) => this.#signAndSend(inputs),
      },
    }
  }

  get chains(): readonly IdentifierString[] {
    return [this.#networkId]
  }

  /** The account once the app is authorized (remembered across reloads), else none. */
  get accounts(): readonly WalletAccount[] {
    return this.#authorized() ? [this.#account] : []
  }

  #authorized(): boolean {
    return (
      readJson<Authorization>(this.#storage, STORAGE_KEYS.solanaAuthorized)?.address === this.#keypair.address
    )
  }

  #emitChange(): void {
    const accounts = this.accounts
    for (const listener of [...this.#listeners]) {
      try {
        listener({ accounts })
      } catch (err) {
        console.error('[portico dev wallet] change listener failed', err)
      }
    }
  }

  async #connect(input?: StandardConnectInput): Promise<{ readonly accounts: readonly WalletAccount[] }> {
    // A silent connect never prompts: it only reports an authorization given before.
    if (input?.silent) return { accounts: this.accounts }
    this.#maybeReject('standard:connect')
    if (!this.#authorized()) {
      writeJson(this.#storage, STORAGE_KEYS.solanaAuthorized, {
        address: this.#keypair.address,
        date: Date.now(),
      })
      this.#emitChange()
    }
    return { accounts: this.accounts }
  }

  async #disconnect(): Promise<void> {
    const was = this.#authorized()
    writeJson(this.#storage, STORAGE_KEYS.solanaAuthorized, undefined)
    if (was) this.#emitChange()
  }

  #on(event: string, listener: StandardEventsListeners['change']): () => void {
    if (event !== 'change') return () => {}
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #maybeReject(method: string): void {
    if (this.#shouldReject(method)) throw userRejected()
  }

  #requireAccount(account: WalletAccount | undefined, method: string): void {
    if (!this.#authorized()) throw unauthorized(`Call standard:connect before ${method}.`)
    if (account?.address !== this.#keypair.address) {
      throw unauthorized(`The wallet holds ${this.#keypair.address}, not ${account?.address}.`)
    }
  }

  #requireChain(chain: IdentifierString | undefined, required: boolean): void {
    if (chain === undefined && !required) return
    if (chain !== this.#networkId) throw invalidParams(`The wallet is on ${this.#networkId}, not ${chain}`)
  }

  async #signMessages(inputs: readonly SolanaSignMessageInput[]) {
    for (const input of inputs) {
      this.#requireAccount(input?.account, 'solana:signMessage')
      if (!(input.message instanceof Uint8Array))
        throw invalidParams('solana:signMessage needs a message (Uint8Array)')
    }
    this.#maybeReject('solana:signMessage')
    return inputs.map(({ message }) => ({
      signedMessage: message,
      signature: signEd25519(this.#keypair.secretKey, message),
      signatureType: 'ed25519' as const,
    }))
  }

  #checkTransactionInputs(
    inputs: readonly SolanaSignTransactionInput[],
    method: string,
    chainRequired: boolean,
  ) {
    for (const input of inputs) {
      this.#requireAccount(input?.account, method)
      this.#requireChain(input.chain, chainRequired)
      if (!(input.transaction instanceof Uint8Array))
        throw invalidParams(`${method} needs a transaction (Uint8Array)`)
    }
  }

  async #signTransactions(inputs: readonly SolanaSignTransactionInput[]) {
    this.#checkTransactionInputs(inputs, 'solana:signTransaction', false)
    this.#maybeReject('solana:signTransaction')
    return inputs.map(({ transaction }) => ({
      signedTransaction: signTransactionBytes(this.#keypair, transaction),
    }))
  }

  /** Signs each, then sends them one after the other (in order) with sendTransaction. */
  async #signAndSend(inputs: readonly SolanaSignAndSendTransactionInput[]) {
    this.#checkTransactionInputs(inputs, 'solana:signAndSendTransaction', true)
    this.#maybeReject('solana:signAndSendTransaction')
    const signed = inputs.map((input) => ({
      input,
      wire: signTransactionBytes(this.#keypair, input.transaction),
    }))
    const outputs: { signature: Uint8Array }[] = []
    for (const { input, wire } of signed) {
      const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = input.options ?? {}
      const signature = await this.#rpc(this.#rpcUrl, 'sendTransaction', [
        toBase64(wire),
        {
          encoding: 'base64',
          ...(skipPreflight !== undefined && { skipPreflight }),
          ...(preflightCommitment !== undefined && { preflightCommitment }),
          ...(maxRetries !== undefined && { maxRetries }),
          ...(minContextSlot !== undefined && { minContextSlot }),
        },
      ])
      outputs.push({ signature: decodeBase58(String(signature), 'signature') })
    }
    return outputs
  }
}

export function createSolanaDevWallet(opts: SolanaDevWalletOptions): SolanaDevWallet {
  return new SolanaDevWallet(opts)
}
