import type { BalanceResponse, HistoryResponse } from '@portico/shared-types/api'
import type { FastifyInstance } from 'fastify'
import * as v from 'valibot'
import type { ApiConfig } from '../config.ts'
import type { ApiContext } from '../context.ts'
import { ApiError, badRequest } from '../http/errors.ts'
import { parse, sdkQuery, text } from '../http/validate.ts'
import { parseBitcoinAccount } from './account.ts'
import { type BitcoinNodeClient, BitcoinNodeError, createBitcoinNodeClient } from './node.ts'
import { readBitcoinBalance, readBitcoinHistory } from './service.ts'

/** Fee rate floor (sat/vB) when the node has no estimate yet (a quiet regtest chain never has one). */
export const FEE_RATE_FLOOR = 2
/** Largest transaction accepted for broadcast (a standard transaction is at most 100 kvB). */
const MAX_TX_HEX = 200_000

const clients = new WeakMap<ApiConfig, BitcoinNodeClient>()

function clientOf(ctx: ApiContext): { client: BitcoinNodeClient; prefix: string } {
  const config = ctx.config.bitcoin
  if (!config) throw new ApiError(404, 'No Bitcoin network is served')
  let client = clients.get(ctx.config)
  if (!client) {
    client = createBitcoinNodeClient(config, ctx.config.rpcTimeoutMs)
    clients.set(ctx.config, client)
  }
  return { client, prefix: config.addressPrefix }
}

/**
 * A node failure is the upstream's (502) with our fixed message; what the node said is logged only.
 * Anything else goes on up.
 */
async function upstream<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof BitcoinNodeError) throw new ApiError(502, error.message, {}, error.detail)
    throw error
  }
}

/** GET /v1/account/bip122:…/balance: the account's BTC, in the shape of every other balance answer. */
export async function bitcoinBalance(ctx: ApiContext, raw: string): Promise<BalanceResponse> {
  const { client, prefix } = clientOf(ctx)
  const account = parseBitcoinAccount(raw, client.networkId, prefix)
  return { balances: [await upstream(() => readBitcoinBalance(client, account))] }
}

/** GET /v1/account/bip122:…/history: the address's transactions, newest first (one page). */
export async function bitcoinHistory(ctx: ApiContext, raw: string): Promise<HistoryResponse> {
  const { client, prefix } = clientOf(ctx)
  const account = parseBitcoinAccount(raw, client.networkId, prefix)
  return { data: await upstream(() => readBitcoinHistory(client, account)), next: null }
}

const Query = v.object({ ...sdkQuery })
const Broadcast = v.object({
  hex: v.pipe(text(MAX_TX_HEX), v.regex(/^([0-9a-f]{2})+$/, 'hex must be a raw transaction in hex')),
})

/**
 * What a BTC send needs beside the wallet: the account's unspent coins, a fee rate and broadcast.
 * GET /v1/bip122/utxos/{account}, GET /v1/bip122/fee-rate?chainId=, POST /v1/bip122/transactions?chainId=
 */
export function bitcoinRoutes(app: FastifyInstance, ctx: ApiContext): void {
  app.get<{ Params: { account: string } }>('/v1/bip122/utxos/:account', async (req) => {
    parse(Query, req.query, 'query')
    const { client, prefix } = clientOf(ctx)
    const account = parseBitcoinAccount(req.params.account, client.networkId, prefix)
    const coins = await upstream(() => client.coins(account.nodeAddress))
    return {
      utxos: coins.map((coin) => ({
        txid: coin.hash,
        vout: coin.index,
        value: coin.value,
        script: coin.script,
        height: coin.height,
      })),
    }
  })
  const network = (raw: unknown) => {
    const { client } = clientOf(ctx)
    if (raw !== client.networkId) throw badRequest(`Network not supported: ${String(raw).slice(0, 80)}`)
    return client
  }
  app.get<{ Querystring: { chainId?: string } }>('/v1/bip122/fee-rate', async (req) => {
    const client = network(req.query.chainId)
    const btcPerKvb = await upstream(() => client.estimateFee(2))
    const estimate = btcPerKvb === null ? 0 : Math.ceil((btcPerKvb * 1e8) / 1000)
    return { satPerVbyte: Math.max(FEE_RATE_FLOOR, estimate) }
  })
  app.post<{ Querystring: { chainId?: string } }>('/v1/bip122/transactions', async (req) => {
    const client = network(req.query.chainId)
    const { hex } = parse(Broadcast, req.body, 'body')
    return { txid: await upstream(() => client.broadcast(hex)) }
  })
}
