import { type SolanaKeypair, signEd25519, signTransactionBytes } from '@portico/devnet'
import bs58 from 'bs58'
import type { FrameSolana } from '../config.ts'
import { FrameError } from '../errors.ts'

const MAX_TRANSACTIONS = 32
/** Solana's packet limit: no serialized transaction is larger. */
const MAX_TRANSACTION_BYTES = 1232

const invalid = (message: string) => new FrameError(message, -32602)

function object(params: unknown): Record<string, unknown> {
  const value = Array.isArray(params) ? params[0] : params
  if (!value || typeof value !== 'object') throw invalid('Solana requests take an object of parameters')
  return value as Record<string, unknown>
}

function transactionBytes(value: unknown): Uint8Array {
  if (
    typeof value !== 'string' ||
    value.length > 2 * MAX_TRANSACTION_BYTES ||
    !/^[A-Za-z0-9+/]*={0,2}$/.test(value)
  )
    throw invalid('The transaction must be base64')
  const bytes = Buffer.from(value, 'base64')
  if (bytes.length === 0 || bytes.length > MAX_TRANSACTION_BYTES)
    throw invalid('The transaction must be base64')
  return new Uint8Array(bytes)
}

const signOne = (keypair: SolanaKeypair, transaction: unknown) => {
  try {
    return signTransactionBytes(keypair, transactionBytes(transaction))
  } catch (err) {
    throw err instanceof FrameError ? err : invalid((err as Error).message)
  }
}

/** The frame's Solana methods (WalletConnect names and encodings, shared-types solana.ts). */
export async function solanaRequest(
  keypair: SolanaKeypair,
  network: FrameSolana,
  method: string,
  params: unknown,
): Promise<unknown> {
  switch (method) {
    case 'solana_getAccounts':
    case 'solana_requestAccounts':
      return [{ pubkey: keypair.address }]
    case 'solana_signMessage': {
      const { message, pubkey } = object(params)
      if (typeof message !== 'string' || typeof pubkey !== 'string')
        throw invalid('Solana message signing needs message and pubkey')
      if (pubkey !== keypair.address)
        throw invalid('The request names an account that is not the connected one')
      let bytes: Uint8Array
      try {
        bytes = bs58.decode(message)
      } catch {
        throw invalid('The message must be base58')
      }
      return { signature: bs58.encode(signEd25519(keypair.secretKey, bytes)) }
    }
    case 'solana_signTransaction': {
      const signed = signOne(keypair, object(params).transaction)
      return {
        signature: bs58.encode(signed.subarray(1, 65)),
        transaction: Buffer.from(signed).toString('base64'),
      }
    }
    case 'solana_signAllTransactions': {
      const { transactions } = object(params)
      if (!Array.isArray(transactions) || transactions.length === 0 || transactions.length > MAX_TRANSACTIONS)
        throw invalid(`solana_signAllTransactions needs 1 to ${MAX_TRANSACTIONS} transactions`)
      return { transactions: transactions.map((t) => Buffer.from(signOne(keypair, t)).toString('base64')) }
    }
    case 'solana_signAndSendTransaction': {
      const { transaction, sendOptions } = object(params)
      const signed = Buffer.from(signOne(keypair, transaction)).toString('base64')
      const options = sendOptions && typeof sendOptions === 'object' ? sendOptions : {}
      const response = await fetch(network.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'sendTransaction',
          params: [signed, { ...options, encoding: 'base64' }],
        }),
        signal: AbortSignal.timeout(20_000),
      })
      const body = (await response.json()) as { result?: unknown; error?: { message?: unknown } }
      if (typeof body.result !== 'string')
        throw new FrameError(
          typeof body.error?.message === 'string'
            ? body.error.message.slice(0, 300)
            : 'Failed to send transaction. Please try again.',
        )
      return { signature: body.result }
    }
    default:
      throw new FrameError(`${method} is not supported by this wallet`, 4200)
  }
}
