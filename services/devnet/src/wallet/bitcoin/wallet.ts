import ecc from '@bitcoinerlab/secp256k1'
import type { IdentifierString, Wallet, WalletAccount, WalletIcon } from '@wallet-standard/base'
import type {
  StandardDisconnectFeature,
  StandardEventsFeature,
  StandardEventsListeners,
} from '@wallet-standard/features'
import { ReadonlyWalletAccount } from '@wallet-standard/wallet'
import { initEccLib, type Network, payments } from 'bitcoinjs-lib'
import { BCOIN_REGTEST } from '../../bitcoin/network.ts'
import { DEV_WALLET_INFO } from '../announce.ts'
import { invalidParams, unauthorized, userRejected } from '../errors.ts'
import { memoryStorage, readJson, type WalletStorage, writeJson } from '../storage.ts'
import { signBitcoinMessage, signPsbtInputs } from './sign.ts'

initEccLib(ecc)

/** The Wallet Standard Bitcoin features (ExodusMovement/bitcoin-wallet-standard, used by current wallets). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'
export type BitcoinDevWalletFeatures = StandardDisconnectFeature &
  StandardEventsFeature & {
    'bitcoin:connect': {
      version: '1.0.0'
      connect(input: { purposes: BitcoinAddressPurpose[] }): Promise<{ accounts: readonly WalletAccount[] }>
    }
    'bitcoin:signMessage': {
      version: '1.0.0'
      signMessage(
        ...inputs: { account: WalletAccount; message: Uint8Array }[]
      ): Promise<{ signedMessage: Uint8Array; signature: Uint8Array }[]>
    }
    'bitcoin:signTransaction': {
      version: '1.0.0'
      signTransaction(
        ...inputs: {
          psbt: Uint8Array
          chain: IdentifierString
          inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
        }[]
      ): Promise<{ signedPsbt: Uint8Array }[]>
    }
  }

export interface BitcoinDevWalletOptions {
  privateKey: Uint8Array
  /** Key of the ordinals (taproot) account; the payment account serves both purposes without it. */
  ordinalsPrivateKey?: Uint8Array
  networkId: `bip122:${string}`
  /** bitcoinjs-lib network parameters (bcoin regtest by default). */
  network?: Network
  storage?: WalletStorage
  /** Answer with 4001 as if the user clicked "Reject"; gets 'bitcoin:connect', 'bitcoin:signMessage', ... */
  shouldReject?: (method: string) => boolean
}

export const BITCOIN_AUTHORIZED_KEY = 'portico-dev-wallet:bitcoin:authorized'
/** Wallet Standard chain of bcoin's regtest (bitcoin:mainnet, bitcoin:testnet, bitcoin:regtest). */
export const BITCOIN_REGTEST_CHAIN = 'bitcoin:regtest'

/** Bytes from any realm (a page's Uint8Array is not an instance of another frame's). */
const isBytes = (value: unknown): value is Uint8Array =>
  ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]'

const ACCOUNT_FEATURES = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const

interface Key {
  privateKey: Uint8Array
  publicKey: Uint8Array
  account: WalletAccount
  kind: 'p2wpkh' | 'p2tr'
}

/**
 * The Portico Dev Wallet on Bitcoin, as a Wallet Standard wallet: a payment account (P2WPKH) and an
 * ordinals account (taproot, key path), both on one chain. No UI: approvals are automatic unless
 * shouldReject says otherwise; the connect authorization is remembered in storage.
 */
export class BitcoinDevWallet implements Wallet {
  readonly version = '1.0.0' as const
  readonly name = DEV_WALLET_INFO.name
  readonly icon = DEV_WALLET_INFO.icon as WalletIcon
  readonly chains: readonly IdentifierString[] = [BITCOIN_REGTEST_CHAIN]
  readonly features: BitcoinDevWalletFeatures
  readonly #payment: Key
  readonly #ordinals: Key
  readonly #network: Network
  readonly #storage: WalletStorage
  readonly #shouldReject: (method: string) => boolean
  readonly #listeners = new Set<StandardEventsListeners['change']>()

  constructor(opts: BitcoinDevWalletOptions) {
    this.#network = opts.network ?? BCOIN_REGTEST
    this.#storage = opts.storage ?? memoryStorage()
    this.#shouldReject = opts.shouldReject ?? (() => false)
    this.#payment = this.#key(opts.privateKey, 'p2wpkh')
    this.#ordinals = opts.ordinalsPrivateKey ? this.#key(opts.ordinalsPrivateKey, 'p2tr') : this.#payment
    this.features = {
      'bitcoin:connect': { version: '1.0.0', connect: (input) => this.#connect(input) },
      'standard:disconnect': { version: '1.0.0', disconnect: () => this.#disconnect() },
      'standard:events': { version: '1.0.0', on: (event, listener) => this.#on(event, listener) },
      'bitcoin:signMessage': { version: '1.0.0', signMessage: (...inputs) => this.#signMessages(inputs) },
      'bitcoin:signTransaction': {
        version: '1.0.0',
        signTransaction: (...inputs) => this.#signTransactions(inputs),
      },
    }
  }

  #key(privateKey: Uint8Array, kind: Key['kind']): Key {
    const publicKey = ecc.pointFromScalar(privateKey, true)
    if (!publicKey) throw invalidParams('invalid Bitcoin private key')
    const payment =
      kind === 'p2wpkh'
        ? payments.p2wpkh({ pubkey: publicKey, network: this.#network })
        : payments.p2tr({ internalPubkey: publicKey.slice(1), network: this.#network })
    if (!payment.address) throw invalidParams('no address for the key')
    const account = new ReadonlyWalletAccount({
      address: payment.address,
      // P2WPKH: the compressed key; taproot: the 32-byte x-only internal key.
      publicKey: kind === 'p2wpkh' ? publicKey : publicKey.slice(1),
      chains: [...this.chains],
      features: [...ACCOUNT_FEATURES],
      label: kind === 'p2wpkh' ? 'Portico Dev (payment)' : 'Portico Dev (ordinals)',
    })
    return { privateKey, publicKey, account, kind }
  }

  /** The authorized accounts (payment first), remembered across reloads; none before a connect. */
  get accounts(): readonly WalletAccount[] {
    if (!this.#authorized()) return []
    return this.#ordinals === this.#payment
      ? [this.#payment.account]
      : [this.#payment.account, this.#ordinals.account]
  }

  #authorized(): boolean {
    return (
      readJson<{ address: string }>(this.#storage, BITCOIN_AUTHORIZED_KEY)?.address ===
      this.#payment.account.address
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

  async #connect(input: { purposes: BitcoinAddressPurpose[] }) {
    const purposes = Array.isArray(input?.purposes) ? input.purposes : []
    if (purposes.length === 0 || purposes.some((p) => p !== 'payment' && p !== 'ordinals')) {
      throw invalidParams('bitcoin:connect needs purposes: payment and/or ordinals')
    }
    if (this.#shouldReject('bitcoin:connect')) throw userRejected()
    if (!this.#authorized()) {
      writeJson(this.#storage, BITCOIN_AUTHORIZED_KEY, {
        address: this.#payment.account.address,
        date: Date.now(),
      })
      this.#emitChange()
    }
    // In the order of the purposes asked for.
    return { accounts: purposes.map((p) => (p === 'payment' ? this.#payment : this.#ordinals).account) }
  }

  async #disconnect(): Promise<void> {
    const was = this.#authorized()
    writeJson(this.#storage, BITCOIN_AUTHORIZED_KEY, undefined)
    if (was) this.#emitChange()
  }

  #on(event: string, listener: StandardEventsListeners['change']): () => void {
    if (event !== 'change') return () => {}
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  #keyOf(account: WalletAccount | undefined, method: string): Key {
    if (!this.#authorized()) throw unauthorized(`Call bitcoin:connect before ${method}.`)
    const key = [this.#payment, this.#ordinals].find((k) => k.account.address === account?.address)
    if (!key) throw unauthorized(`The wallet holds no account ${String(account?.address)}.`)
    return key
  }

  async #signMessages(inputs: readonly { account: WalletAccount; message: Uint8Array }[]) {
    const keys = inputs.map((input) => {
      const key = this.#keyOf(input?.account, 'bitcoin:signMessage')
      if (!isBytes(input.message)) throw invalidParams('bitcoin:signMessage needs a message (Uint8Array)')
      if (key.kind !== 'p2wpkh')
        throw invalidParams('The dev wallet signs messages with its payment (P2WPKH) account only')
      return key
    })
    if (this.#shouldReject('bitcoin:signMessage')) throw userRejected()
    return inputs.map(({ message }, i) => ({
      signedMessage: message,
      signature: signBitcoinMessage((keys[i] as Key).privateKey, message),
    }))
  }

  async #signTransactions(
    inputs: readonly {
      psbt: Uint8Array
      chain: IdentifierString
      inputsToSign: { account: WalletAccount; signingIndexes: number[] }[]
    }[],
  ) {
    for (const input of inputs) {
      if (input?.chain !== BITCOIN_REGTEST_CHAIN)
        throw invalidParams(`The wallet is on ${BITCOIN_REGTEST_CHAIN}, not ${input?.chain}`)
      if (!isBytes(input.psbt)) throw invalidParams('bitcoin:signTransaction needs a psbt (Uint8Array)')
      if (!Array.isArray(input.inputsToSign) || input.inputsToSign.length === 0) {
        throw invalidParams('bitcoin:signTransaction needs inputsToSign')
      }
    }
    if (this.#shouldReject('bitcoin:signTransaction')) throw userRejected()
    return inputs.map((input) => {
      let psbt = input.psbt
      for (const { account, signingIndexes } of input.inputsToSign) {
        const key = this.#keyOf(account, 'bitcoin:signTransaction')
        if (key.kind !== 'p2wpkh')
          throw invalidParams('The dev wallet signs transactions with its payment account only')
        try {
          psbt = signPsbtInputs(psbt, this.#network, key, signingIndexes)
        } catch (error) {
          throw invalidParams(error instanceof Error ? error.message : String(error))
        }
      }
      return { signedPsbt: psbt }
    })
  }
}

export function createBitcoinDevWallet(opts: BitcoinDevWalletOptions): BitcoinDevWallet {
  return new BitcoinDevWallet(opts)
}
