/**
 * The BTC send around the kernel's bitcoin helpers (ctx.chains.bitcoin, PSBTs in a kernel chunk): the
 * form's unit helpers and address check, the account's coins and fee rate from the blockchain API,
 * signing through the wallet (`bitcoin_signPsbt`, the kernel's bridge to `bitcoin:signTransaction`),
 * the check of what came back, and broadcast through the API.
 */

import { DEFAULT_RETRY_INTERVAL_MS, type Eip1193Provider, type Network } from '@portico/shared-types'
import type {
  BitcoinHelpers,
  BitcoinSendPlan,
  BitcoinUtxo,
  PluginContext,
  UnitHelpers,
} from '@portico/shared-types/plugin'
import { BITCOIN_UNSUPPORTED, INSUFFICIENT, INVALID_SEND, SIGNED_MISMATCH } from './messages.ts'

/** The kernel's bitcoin helpers; a kernel without them (older than ctx.chains.bitcoin) gets a clear error. */
export async function loadBitcoinHelpers(ctx: PluginContext): Promise<BitcoinHelpers> {
  const helpers = await ctx.chains.bitcoin?.()
  if (!helpers) throw new Error(BITCOIN_UNSUPPORTED)
  return helpers
}

export interface FormBitcoinHelpers extends UnitHelpers {
  isAddress(value: string): boolean
}

/** The form's helpers on a bip122 network: exact decimal ↔ sats, and the network's addresses. */
export function formHelpers(helpers: BitcoinHelpers, network: Network): FormBitcoinHelpers {
  return {
    parseUnits: helpers.parseUnits,
    formatUnits: helpers.formatUnits,
    isAddress: (value) => helpers.isAddress(value, network.caipNetworkId),
  }
}

const MESSAGES: Record<string, string> = {
  invalidSend: INVALID_SEND,
  insufficient: INSUFFICIENT,
  signedMismatch: SIGNED_MISMATCH,
  unsigned: 'The wallet did not sign every input',
  badPsbt: 'The wallet returned no PSBT',
}

/** A BitcoinPsbtError worded for the visitor (match on name and code: classes do not cross federation). */
function worded<T>(run: () => T): T {
  try {
    return run()
  } catch (error) {
    const { name, code } = (error ?? {}) as { name?: unknown; code?: unknown }
    const message = name === 'BitcoinPsbtError' && typeof code === 'string' ? MESSAGES[code] : undefined
    throw message ? new Error(message, { cause: error }) : error
  }
}

export interface PreparedBitcoinSend {
  plan: BitcoinSendPlan
  utxos: BitcoinUtxo[]
}

function apiUrl(ctx: PluginContext, path: string): string {
  const base = ctx.config.apiUrl
  if (!base) throw new Error('Bitcoin sends need the blockchain API (apiUrl)')
  const url = new URL(path, base.endsWith('/') ? base : `${base}/`)
  url.searchParams.set('projectId', ctx.config.projectId)
  return url.toString()
}

async function api<T>(ctx: PluginContext, path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(apiUrl(ctx, path), init)
  if (!response.ok) throw new Error(`The blockchain API answered ${response.status}`)
  return (await response.json()) as T
}

/** The plan of a send (coins, fee at the API's rate, change): what the Preview shows and the wallet signs. */
export async function prepareBitcoinSend(
  ctx: PluginContext,
  network: Network,
  from: string,
  to: string,
  sats: bigint,
): Promise<PreparedBitcoinSend> {
  const helpers = await loadBitcoinHelpers(ctx)
  const account = `${network.caipNetworkId}:${from}`
  const [{ utxos }, { satPerVbyte }] = await Promise.all([
    api<{ utxos: unknown[] }>(ctx, `v1/bip122/utxos/${encodeURIComponent(account)}`),
    api<{ satPerVbyte: number }>(
      ctx,
      `v1/bip122/fee-rate?chainId=${encodeURIComponent(network.caipNetworkId)}`,
    ),
  ])
  // The kernel's planSend skips malformed coins.
  const coins = Array.isArray(utxos) ? (utxos as BitcoinUtxo[]) : []
  return {
    plan: worded(() =>
      helpers.planSend(
        coins,
        { from, to: to.trim(), amount: sats, feeRate: satPerVbyte },
        network.caipNetworkId,
      ),
    ),
    utxos: coins,
  }
}

/** Wallet signs the plan's PSBT; what comes back is checked against the plan, then broadcast. Returns the txid. */
export async function sendBitcoin(
  ctx: PluginContext,
  provider: Eip1193Provider,
  network: Network,
  prepared: PreparedBitcoinSend,
): Promise<string> {
  const helpers = await loadBitcoinHelpers(ctx)
  const { psbt, signingIndexes } = worded(() =>
    helpers.buildPsbt(prepared.plan, prepared.utxos, network.caipNetworkId),
  )
  const answer = (await provider.request({
    method: 'bitcoin_signPsbt',
    params: { psbt, signInputs: [{ address: prepared.plan.from, signingIndexes }] },
  })) as { psbt?: unknown }
  const hex = worded(() =>
    helpers.checkedTransaction(answer?.psbt as string, prepared.plan, network.caipNetworkId),
  )
  const { txid } = await api<{ txid: string }>(
    ctx,
    `v1/bip122/transactions?chainId=${encodeURIComponent(network.caipNetworkId)}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hex }) },
  )
  return txid
}

/** Resolves once the transaction is in a block (the account's history says confirmed, asked every retry interval, behaviour §9), or after ~2 min. */
export async function waitForBitcoinTx(
  ctx: PluginContext,
  network: Network,
  from: string,
  txid: string,
): Promise<void> {
  const account = `${network.caipNetworkId}:${from}`
  for (let i = 0; i < 120; i++) {
    await new Promise((resolve) => setTimeout(resolve, DEFAULT_RETRY_INTERVAL_MS))
    try {
      const { data } = await api<{ data: { metadata: { hash: string; status: string } }[] }>(
        ctx,
        `v1/account/${encodeURIComponent(account)}/history`,
      )
      if (data.some((item) => item.metadata.hash === txid && item.metadata.status === 'confirmed')) return
    } catch {
      // The next round asks again.
    }
  }
}
