import { accountJson } from './accountJson.ts'
import type { Rejection, SolanaChain } from './chain.ts'
import { invalidParams, RpcError, RpcErrorCode, type RpcHandler } from './jsonRpc.ts'
import { encodeBase58 } from './keys.ts'
import {
  bytesParam,
  type CommonConfig,
  configParam,
  integerParam,
  pubkeyParam,
  requireContextSlot,
} from './params.ts'
import { withContext } from './queryMethods.ts'
import { describeTransactionError } from './txError.ts'
import { parseWireTransaction } from './wire.ts'

interface SendConfig extends CommonConfig {
  skipPreflight?: boolean
  preflightCommitment?: string
  maxRetries?: number
}

interface SimulateConfig extends CommonConfig {
  sigVerify?: boolean
  replaceRecentBlockhash?: boolean
  accounts?: { addresses?: unknown; encoding?: string }
}

function transactionParam(value: unknown, encoding: string | undefined): Uint8Array {
  const bytes = bytesParam(value, encoding, 'transaction')
  try {
    parseWireTransaction(bytes)
  } catch (err) {
    throw invalidParams(`invalid transaction: ${(err as Error).message}`)
  }
  return bytes
}

function rejectionError(rejection: Rejection): RpcError {
  if (rejection.reason === 'signature') {
    return new RpcError(
      RpcErrorCode.transactionSignatureVerificationFailure,
      'Transaction signature verification failure',
    )
  }
  const err = rejection.err ?? 'UnknownError'
  return new RpcError(
    RpcErrorCode.sendTransactionPreflightFailure,
    `Transaction simulation failed: ${describeTransactionError(err)}`,
    {
      err,
      logs: rejection.logs,
      accounts: null,
      unitsConsumed: rejection.unitsConsumed,
      returnData: null,
      innerInstructions: null,
    },
  )
}

/** Methods that run transactions: send, simulate, airdrop. */
export function transactionMethods(chain: SolanaChain): Record<string, RpcHandler> {
  return {
    sendTransaction: ([encoded, c]) => {
      const config = configParam<SendConfig>(c)
      const wire = transactionParam(encoded, config.encoding)
      requireContextSlot(chain, config)
      const result = chain.send(wire, { skipPreflight: config.skipPreflight === true })
      if (!result.landed) throw rejectionError(result.rejection)
      return result.signature
    },
    simulateTransaction: ([encoded, c]) => {
      const config = configParam<SimulateConfig>(c)
      const wire = transactionParam(encoded, config.encoding)
      requireContextSlot(chain, config)
      if (config.sigVerify && config.replaceRecentBlockhash) {
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
      }
      const addresses = config.accounts?.addresses
      const wanted = addresses === undefined ? undefined : (addresses as unknown[]).map(pubkeyParam)
      const blockhash = encodeBase58(parseWireTransaction(wire).summary.recentBlockhash)
      const expired = !config.replaceRecentBlockhash && !chain.isBlockhashValid(blockhash)
      const sim = expired
        ? { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0, returnData: null, postAccounts: [] }
        : chain.simulate(wire, config.sigVerify === true)
      // Validators check signatures before simulating and answer -32003, not a simulation result.
      if (config.sigVerify && sim.err === 'SignatureFailure') {
        throw rejectionError({ reason: 'signature', ...sim })
      }
      const accountConfig = { encoding: config.accounts?.encoding ?? 'base64' }
      return withContext(chain, {
        err: sim.err,
        logs: sim.logs,
        accounts:
          wanted === undefined
            ? null
            : wanted.map((key) =>
                accountJson(
                  sim.postAccounts.find((a) => a.address === key) ?? chain.getAccount(key),
                  accountConfig,
                ),
              ),
        unitsConsumed: sim.unitsConsumed,
        returnData: sim.returnData && {
          programId: sim.returnData.programId,
          data: [Buffer.from(sim.returnData.data).toString('base64'), 'base64'],
        },
        innerInstructions: null,
        ...(config.replaceRecentBlockhash && {
          replacementBlockhash: {
            blockhash: chain.latestBlockhash,
            lastValidBlockHeight: chain.lastValidBlockHeight,
          },
        }),
      })
    },
    /** Any address may ask; the lamports come from litesvm's faucet account in a real transaction. */
    requestAirdrop: ([owner, amount, c]) => {
      const key = pubkeyParam(owner)
      const lamports = integerParam(amount, 'lamports')
      if (lamports === 0) throw invalidParams('Invalid params: lamports must be positive')
      requireContextSlot(chain, configParam(c))
      return chain.airdrop(key, BigInt(lamports))
    },
  }
}
