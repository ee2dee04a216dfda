import { type Address, address, getTransactionDecoder, lamports } from '@solana/kit'
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm'
import { SOLANA_DEV_ACCOUNTS } from './accounts.ts'
import { encodeBase58 } from './keys.ts'
import { BLOCKHASH_VALID_BLOCKS, DEV_BALANCE_SOL, LAMPORTS_PER_SOL } from './network.ts'
import {
  isAlreadyProcessed,
  isSignatureFailure,
  type TransactionErrorJson,
  transactionErrorJson,
} from './txError.ts'
import { isUnsigned, parseWireTransaction } from './wire.ts'

export const SYSTEM_PROGRAM = '11111111111111111111111111111111'

export interface SignatureStatus {
  slot: number
  err: TransactionErrorJson | null
}

export interface Block {
  slot: number
  parent: number
  blockHeight: number
  blockhash: string
  signatures: string[]
}

export interface AccountState {
  address: string
  lamports: bigint
  data: Uint8Array
  owner: string
  executable: boolean
  space: number
}

export interface Execution {
  err: TransactionErrorJson | null
  logs: string[]
  unitsConsumed: number
}

export interface Simulation extends Execution {
  returnData: { programId: string; data: Uint8Array } | null
  postAccounts: AccountState[]
}

/** Why a transaction did not land; the RPC maps `signature` to -32003 and the rest to -32002. */
export type Rejection = Execution & { reason: 'signature' | 'blockhash' | 'preflight' | 'not-processed' }

export type SendResult = { signature: string } & ({ landed: true } | { landed: false; rejection: Rejection })

/**
 * A litesvm bank with a chain around it: litesvm has no blocks, so each landed transaction (or
 * airdrop) makes one — slot and block height +1, a new blockhash — and blockhashes stay valid for
 * BLOCKHASH_VALID_BLOCKS blocks (litesvm's own check, which knows only the latest, is turned off).
 * Everything is final as soon as it lands. Synchronous, so requests never interleave.
 */
export class SolanaChain {
  readonly #svm = new LiteSVM().withBlockhashCheck(false)
  readonly #decoder = getTransactionDecoder()
  readonly #statuses = new Map<string, SignatureStatus>()
  /** blockhash → block height at which it became the latest. */
  readonly #blockhashes = new Map<string, number>()
  readonly #listeners = new Set<(block: Block) => void>()
  #slot = 0
  #blockHeight = 0

  constructor(fundedAccounts: readonly string[] = SOLANA_DEV_ACCOUNTS.map((a) => a.publicKey)) {
    this.#svm.warpToSlot(0n)
    this.#blockhashes.set(this.latestBlockhash, 0)
    for (const owner of fundedAccounts) this.setBalance(owner, BigInt(DEV_BALANCE_SOL * LAMPORTS_PER_SOL))
  }

  get slot(): number {
    return this.#slot
  }

  get blockHeight(): number {
    return this.#blockHeight
  }

  get latestBlockhash(): string {
    return this.#svm.latestBlockhash()
  }

  /** The last block height at which the latest blockhash is still accepted. */
  get lastValidBlockHeight(): number {
    return this.#blockHeight + BLOCKHASH_VALID_BLOCKS
  }

  isBlockhashValid(blockhash: string): boolean {
    const height = this.#blockhashes.get(blockhash)
    return height !== undefined && this.#blockHeight - height <= BLOCKHASH_VALID_BLOCKS
  }

  onBlock(listener: (block: Block) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  getAccount(owner: string): AccountState | null {
    const account = this.#svm.getAccount(address(owner))
    if (!account.exists) return null
    return {
      address: owner,
      lamports: account.lamports,
      data: account.data,
      owner: account.programAddress,
      executable: account.executable,
      space: Number(account.space),
    }
  }

  getBalance(owner: string): bigint {
    return this.#svm.getBalance(address(owner)) ?? 0n
  }

  /** Make a system account hold exactly this many lamports (fixtures; no transaction). */
  setBalance(owner: string, amount: bigint): void {
    this.#svm.setAccount({
      address: address(owner),
      data: new Uint8Array(),
      executable: false,
      lamports: lamports(amount),
      programAddress: address(SYSTEM_PROGRAM) as Address,
      space: 0n,
    })
  }

  minimumBalanceForRentExemption(dataLength: number): bigint {
    return this.#svm.minimumBalanceForRentExemption(BigInt(dataLength))
  }

  signatureStatus(signature: string): SignatureStatus | undefined {
    return this.#statuses.get(signature)
  }

  /** Runs a transaction without committing it. sigVerify false also accepts unsigned slots. */
  simulate(wire: Uint8Array, sigVerify: boolean): Simulation {
    const tx = this.#decoder.decode(wire)
    if (sigVerify && parseWireTransaction(wire).signatures.some(isUnsigned)) {
      return { ...emptyExecution('SignatureFailure'), returnData: null, postAccounts: [] }
    }
    this.#svm.withSigverify(sigVerify)
    try {
      const result = this.#svm.simulateTransaction(tx)
      if (result instanceof FailedTransactionMetadata) {
        return { ...failedExecution(result), returnData: null, postAccounts: [] }
      }
      const meta = result.meta()
      const returnData = meta.returnData()
      return {
        ...execution(meta, null),
        returnData:
          returnData.data().length > 0
            ? { programId: encodeBase58(returnData.programId()), data: returnData.data() }
            : null,
        postAccounts: result.postAccounts().map((a) => ({
          address: a.address,
          lamports: a.lamports,
          data: Uint8Array.from(a.data),
          owner: a.programAddress,
          executable: a.executable,
          space: Number(a.space),
        })),
      }
    } finally {
      this.#svm.withSigverify(true)
    }
  }

  /**
   * Lands a signed transaction in a new block, or says why not. With preflight, a transaction that
   * would fail is refused without charging its fee; without, a failing one lands with its error (and
   * fee) like on a real cluster. Transactions that cannot land at all (bad signature, unknown
   * blockhash, fee payer cannot pay) are refused either way, so a client never waits for them.
   */
  send(wire: Uint8Array, opts: { skipPreflight?: boolean } = {}): SendResult {
    const parsed = parseWireTransaction(wire)
    const signature = encodeBase58(parsed.signatures[0] as Uint8Array)
    const refuse = (reason: Rejection['reason'], ex: Execution): SendResult => ({
      signature,
      landed: false,
      rejection: { reason, ...ex },
    })
    if (parsed.signatures.some(isUnsigned)) return refuse('signature', emptyExecution('SignatureFailure'))
    if (!this.isBlockhashValid(encodeBase58(parsed.summary.recentBlockhash))) {
      return refuse('blockhash', emptyExecution('BlockhashNotFound'))
    }
    if (this.#statuses.has(signature)) {
      return opts.skipPreflight
        ? { signature, landed: true }
        : refuse('preflight', emptyExecution('AlreadyProcessed'))
    }
    if (!opts.skipPreflight) {
      const preflight = this.simulate(wire, true)
      if (preflight.err !== null) {
        return refuse(preflight.err === 'SignatureFailure' ? 'signature' : 'preflight', preflight)
      }
    }
    const feePayer = encodeBase58(parsed.summary.staticAccountKeys[0] as Uint8Array)
    const before = this.getBalance(feePayer)
    const result = this.#svm.sendTransaction(this.#decoder.decode(wire))
    if (result instanceof FailedTransactionMetadata) {
      const err = result.err()
      if (isSignatureFailure(err)) return refuse('signature', failedExecution(result))
      if (isAlreadyProcessed(err) && opts.skipPreflight) return { signature, landed: true }
      // A transaction that was processed paid its fee; one that was not never reached the ledger.
      if (this.getBalance(feePayer) >= before) return refuse('not-processed', failedExecution(result))
      this.#land(signature, transactionErrorJson(err))
      return { signature, landed: true }
    }
    this.#land(signature, null)
    return { signature, landed: true }
  }

  /** Sends lamports from litesvm's faucet account in a real transaction; returns its signature. */
  airdrop(recipient: string, amount: bigint): string {
    const result = this.#svm.airdrop(address(recipient), lamports(amount))
    if (result === null) throw new Error('Airdrop failed')
    if (result instanceof FailedTransactionMetadata) {
      throw new Error(`Airdrop failed: ${JSON.stringify(transactionErrorJson(result.err()))}`)
    }
    const signature = encodeBase58(result.signature())
    this.#land(signature, null)
    return signature
  }

  #land(signature: string, err: TransactionErrorJson | null): void {
    const parent = this.#slot
    this.#slot += 1
    this.#blockHeight += 1
    this.#statuses.set(signature, { slot: this.#slot, err })
    this.#svm.warpToSlot(BigInt(this.#slot))
    this.#svm.expireBlockhash()
    const blockhash = this.latestBlockhash
    this.#blockhashes.set(blockhash, this.#blockHeight)
    for (const [hash, height] of this.#blockhashes) {
      if (this.#blockHeight - height > BLOCKHASH_VALID_BLOCKS) this.#blockhashes.delete(hash)
    }
    const block = {
      slot: this.#slot,
      parent,
      blockHeight: this.#blockHeight,
      blockhash,
      signatures: [signature],
    }
    for (const listener of [...this.#listeners]) {
      try {
        listener(block)
      } catch (error) {
        console.error('[solana devnet] block listener failed', error)
      }
    }
  }
}

function emptyExecution(err: TransactionErrorJson): Execution {
  return { err, logs: [], unitsConsumed: 0 }
}

function execution(meta: TransactionMetadata, err: TransactionErrorJson | null): Execution {
  return { err, logs: meta.logs(), unitsConsumed: Number(meta.computeUnitsConsumed()) }
}

function failedExecution(result: FailedTransactionMetadata): Execution {
  return execution(result.meta(), transactionErrorJson(result.err()))
}
