/** solana chain helpers for plugins, backed by @solana/kit and @solana-program/system (a lazy kernel chunk). */
import type { SolanaHelpers, SolanaTransferParams } from '@portico/shared-types/plugin'
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  isAddress as kitIsAddress,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signature,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import { ChainError } from '../errors.ts'
import { unitHelpers } from './units.ts'

const MAX_U64 = 2n ** 64n - 1n

const isAddress = (value: string): boolean => typeof value === 'string' && kitIsAddress(value.trim())

function transferTransaction({
  from,
  to,
  lamports: amount,
  blockhash: recent,
}: SolanaTransferParams): string {
  for (const [label, value] of [
    ['from', from],
    ['to', to],
    ['blockhash', recent],
  ] as const)
    if (!isAddress(value))
      throw new ChainError('INVALID_ADDRESS', `Not a Solana ${label}: "${String(value).slice(0, 60)}"`)
  if (typeof amount !== 'bigint' || amount < 0n || amount > MAX_U64)
    throw new ChainError('INVALID_AMOUNT', 'lamports must be a bigint from 0 to 2^64 - 1')
  const payer = address(from.trim())
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(payer, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash(recent.trim()), lastValidBlockHeight: MAX_U64 },
        m,
      ),
    (m) =>
      appendTransactionMessageInstruction(
        getTransferSolInstruction({
          source: createNoopSigner(payer),
          destination: address(to.trim()),
          amount: lamports(amount),
        }),
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

const clients = new Map<string, ReturnType<typeof createSolanaRpc>>()
function rpc(url: string) {
  let client = clients.get(url)
  if (!client) {
    client = createSolanaRpc(url)
    clients.set(url, client)
  }
  return client
}

export const solanaHelpers: SolanaHelpers = {
  ...unitHelpers,
  isAddress,
  transferTransaction,
  async latestBlockhash(rpcUrl) {
    const { value } = await rpc(rpcUrl).getLatestBlockhash({ commitment: 'confirmed' }).send()
    return value.blockhash
  },
  async getBalance(rpcUrl, owner) {
    if (!isAddress(owner))
      throw new ChainError('INVALID_ADDRESS', `Not a Solana address: "${String(owner).slice(0, 60)}"`)
    const { value } = await rpc(rpcUrl).getBalance(address(owner.trim())).send()
    return value
  },
  async signatureStatus(rpcUrl, sig) {
    const {
      value: [status],
    } = await rpc(rpcUrl)
      .getSignatureStatuses([signature(sig)], { searchTransactionHistory: true })
      .send()
    if (!status) return 'pending'
    return status.err === null ? 'succeeded' : 'failed'
  },
}
