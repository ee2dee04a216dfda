/**
 * The send views' bip122 steps: the plan on Continue (its fee shown as the network fee) and the
 * signed, checked broadcast on Confirm. ./flow.ts loads on the first BTC send; its PSBT work is the
 * kernel's (ctx.chains.bitcoin), so this remote bundles no bitcoinjs-lib.
 */
import type { Eip1193Provider, Network } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import type { GasCheck, SendStore } from '../send.ts'
import type { PreparedBitcoinSend } from './flow.ts'

/** The plan the visitor confirms, per send store (the Preview's Confirm signs exactly this). */
const prepared = new WeakMap<SendStore, PreparedBitcoinSend>()

/** Plans the send (coins, fee at the API's rate): the fee in sats is `gas` at a `gasPrice` of 1. */
export async function checkBitcoinFee(
  ctx: PluginContext,
  store: SendStore,
  network: Network,
  from: string,
  to: string,
  sats: bigint,
): Promise<GasCheck> {
  const { prepareBitcoinSend } = await import('./flow.ts')
  const send = await prepareBitcoinSend(ctx, network, from, to, sats)
  prepared.set(store, send)
  return { gas: send.plan.fee, gasPrice: 1n, gasPriceInUSD: 0, networkBalanceInUSD: 0, insufficient: false }
}

/** Signs and broadcasts the confirmed plan; resolves with the txid and a promise of its first block. */
export async function confirmBitcoinSend(
  ctx: PluginContext,
  store: SendStore,
  provider: Eip1193Provider,
  network: Network,
): Promise<{ txid: string; landed: Promise<void> }> {
  const send = prepared.get(store)
  if (!send) throw new Error('Nothing to send: go back and continue again')
  const { sendBitcoin, waitForBitcoinTx } = await import('./flow.ts')
  const txid = await sendBitcoin(ctx, provider, network, send)
  prepared.delete(store)
  return { txid, landed: waitForBitcoinTx(ctx, network, send.plan.from, txid) }
}
