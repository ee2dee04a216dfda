import { type AccountConfig, accountJson } from './accountJson.ts'
import type { SolanaChain } from './chain.ts'
import { invalidParams, type RpcHandler } from './jsonRpc.ts'
import { encodeBase58 } from './keys.ts'
import { LAMPORTS_PER_SIGNATURE, SOLANA_CORE_VERSION, SOLANA_GENESIS_HASH } from './network.ts'
import {
  bytesParam,
  type CommonConfig,
  configParam,
  integerParam,
  pubkeyParam,
  requireContextSlot,
  signatureParam,
  stringListParam,
} from './params.ts'
import { summarizeMessage } from './wire.ts'

/** `{ context, value }`, the envelope of Solana's stateful answers. */
export function withContext(chain: SolanaChain, value: unknown) {
  return { context: { apiVersion: SOLANA_CORE_VERSION, slot: chain.slot }, value }
}

/** Read-only methods: balances, accounts, blockhashes, fees, statuses, node info. */
export function queryMethods(chain: SolanaChain): Record<string, RpcHandler> {
  const config = <T extends CommonConfig>(value: unknown): T => {
    const c = configParam<T>(value)
    requireContextSlot(chain, c)
    return c
  }
  return {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': SOLANA_CORE_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => SOLANA_GENESIS_HASH,
    getSlot: ([c]) => {
      config(c)
      return chain.slot
    },
    getBlockHeight: ([c]) => {
      config(c)
      return chain.blockHeight
    },
    getBalance: ([owner, c]) => {
      const key = pubkeyParam(owner)
      config(c)
      return withContext(chain, Number(chain.getBalance(key)))
    },
    getAccountInfo: ([owner, c]) => {
      const key = pubkeyParam(owner)
      return withContext(chain, accountJson(chain.getAccount(key), config<AccountConfig & CommonConfig>(c)))
    },
    getMultipleAccounts: ([owners, c]) => {
      const keys = stringListParam(owners, 'pubkeys', 100).map(pubkeyParam)
      const cfg = config<AccountConfig & CommonConfig>(c)
      return withContext(
        chain,
        keys.map((key) => accountJson(chain.getAccount(key), cfg)),
      )
    },
    getMinimumBalanceForRentExemption: ([length, c]) => {
      const dataLength = integerParam(length ?? 0, 'data length')
      config(c)
      return Number(chain.minimumBalanceForRentExemption(dataLength))
    },
    getLatestBlockhash: ([c]) => {
      config(c)
      return withContext(chain, {
        blockhash: chain.latestBlockhash,
        lastValidBlockHeight: chain.lastValidBlockHeight,
      })
    },
    /** Deprecated, still called by older web3.js code paths. */
    getRecentBlockhash: ([c]) => {
      config(c)
      return withContext(chain, {
        blockhash: chain.latestBlockhash,
        feeCalculator: { lamportsPerSignature: LAMPORTS_PER_SIGNATURE },
      })
    },
    isBlockhashValid: ([blockhash, c]) => {
      if (typeof blockhash !== 'string') throw invalidParams('Invalid params: blockhash must be a string')
      config(c)
      return withContext(chain, chain.isBlockhashValid(blockhash))
    },
    /** Base fee only (litesvm charges no priority fees); null when the blockhash expired. */
    getFeeForMessage: ([message, c]) => {
      const bytes = bytesParam(message, 'base64', 'message')
      config(c)
      let summary: ReturnType<typeof summarizeMessage>
      try {
        summary = summarizeMessage(bytes)
      } catch (err) {
        throw invalidParams(`Invalid params: invalid message: ${(err as Error).message}`)
      }
      const valid = chain.isBlockhashValid(encodeBase58(summary.recentBlockhash))
      return withContext(chain, valid ? summary.numRequiredSignatures * LAMPORTS_PER_SIGNATURE : null)
    },
    getSignatureStatuses: ([signatures, c]) => {
      const list = stringListParam(signatures, 'signatures', 256).map(signatureParam)
      config(c) // searchTransactionHistory: every status is kept, so it changes nothing
      return withContext(
        chain,
        list.map((signature) => {
          const status = chain.signatureStatus(signature)
          if (!status) return null
          return {
            slot: status.slot,
            confirmations: null,
            err: status.err,
            status: status.err === null ? { Ok: null } : { Err: status.err },
            confirmationStatus: 'finalized',
          }
        }),
      )
    },
  }
}
