/**
 * The BTC send around psbt.ts: the unit helpers and address check of the form, the account's coins
 * and fee rate from the blockchain API, signing through the wallet (`bitcoin_signPsbt`, the kernel's
 * bridge to `bitcoin:signTransaction`), the check of what came back, and broadcast through the API.
 */
import type { Eip1193Provider, Network, PluginContext, UnitHelpers } from '@portico/shared-types'
import { type Network as BitcoinNetwork, networks, Psbt } from 'bitcoinjs-lib'
import {
  buildPsbt,
  checkedTransaction,
  isBitcoinAddress,
  planSend,
  type SendPlan,
  type Utxo,
} from './psbt.ts'

/** bitcoinjs-lib parameters by CAIP-2 network (regtest: bcoin's `rb` prefix, the devnet's node). */
const PARAMS: Record<string, BitcoinNetwork> = {
  'bip122:000000000019d6689c085ae165831e93': networks.bitcoin,
  'bip122:000000000933ea01ad0ee984209779ba': networks.testnet,
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': { ...networks.regtest, bech32: 'rb' },
}

export const bitcoinParams = (network: Network): BitcoinNetwork | undefined => PARAMS[network.caipNetworkId]

export interface BitcoinHelpers extends UnitHelpers {
  isAddress(value: string): boolean
}

function unitsError(code: 'invalidAmount' | 'tooManyDecimals' | 'invalidDecimals'): Error {
  return Object.assign(new Error(code), { name: 'UnitsError', code })
}

/** The form's helpers on a bip122 network: exact decimal ↔ sats, and the network's addresses. */
export function bitcoinHelpers(network: Network): BitcoinHelpers {
  const params = bitcoinParams(network)
  return {
    parseUnits(value, decimals) {
      const match = /^\s*(\d*)(?:\.(\d*))?\s*$/.exec(value)
      if (!match || value.length > 200 || (match[1] === '' && !match[2])) throw unitsError('invalidAmount')
      const fraction = (match[2] ?? '').replace(/0+$/, '')
      if (fraction.length > decimals) throw unitsError('tooManyDecimals')
      return BigInt(match[1] || '0') * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0')
    },
    formatUnits(value, decimals) {
      const unit = 10n ** BigInt(decimals)
      const fraction = (value % unit).toString().padStart(decimals, '0').replace(/0+$/, '')
      return `${value / unit}${fraction ? `.${fraction}` : ''}`
    },
    isAddress: (value) => params !== undefined && isBitcoinAddress(value.trim(), params),
  }
}

export interface PreparedBitcoinSend {
  plan: SendPlan
  utxos: Utxo[]
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

const isUtxo = (u: unknown): u is Utxo => {
  const c = u as Utxo
  return (
    typeof c?.txid === 'string' &&
    /^[0-9a-f]{64}$/.test(c.txid) &&
    Number.isSafeInteger(c.vout) &&
    Number.isSafeInteger(c.value) &&
    c.value > 0 &&
    typeof c.script === 'string' &&
    /^([0-9a-f]{2}){1,100}$/.test(c.script)
  )
}

/** The plan of a send (coins, fee at the API's rate, change): what the Preview shows and the wallet signs. */
export async function prepareBitcoinSend(
  ctx: PluginContext,
  network: Network,
  from: string,
  to: string,
  sats: bigint,
): Promise<PreparedBitcoinSend> {
  const params = bitcoinParams(network)
  if (!params) throw new Error(`No Bitcoin parameters for ${network.name}`)
  const account = `${network.caipNetworkId}:${from}`
  const [{ utxos }, { satPerVbyte }] = await Promise.all([
    api<{ utxos: unknown[] }>(ctx, `v1/bip122/utxos/${encodeURIComponent(account)}`),
    api<{ satPerVbyte: number }>(
      ctx,
      `v1/bip122/fee-rate?chainId=${encodeURIComponent(network.caipNetworkId)}`,
    ),
  ])
  const coins = Array.isArray(utxos) ? utxos.filter(isUtxo) : []
  return {
    plan: planSend(coins, { from, to: to.trim(), amount: sats, feeRate: satPerVbyte }, params),
    utxos: coins,
  }
}

const toBase64 = (bytes: Uint8Array) => {
  let text = ''
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return btoa(text)
}
const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))

/** Wallet signs the plan's PSBT; what comes back is checked against the plan, then broadcast. Returns the txid. */
export async function sendBitcoin(
  ctx: PluginContext,
  provider: Eip1193Provider,
  network: Network,
  prepared: PreparedBitcoinSend,
): Promise<string> {
  const params = bitcoinParams(network)
  if (!params) throw new Error(`No Bitcoin parameters for ${network.name}`)
  const psbt = buildPsbt(prepared.plan, prepared.utxos, params)
  const answer = (await provider.request({
    method: 'bitcoin_signPsbt',
    params: {
      psbt: toBase64(psbt.toBuffer()),
      signInputs: [{ address: prepared.plan.from, signingIndexes: psbt.txInputs.map((_, i) => i) }],
    },
  })) as { psbt?: unknown }
  if (typeof answer?.psbt !== 'string' || answer.psbt.length > 2_000_000)
    throw new Error('The wallet returned no PSBT')
  const signed = Psbt.fromBuffer(fromBase64(answer.psbt), { network: params })
  const hex = checkedTransaction(signed, prepared.plan, params)
  const { txid } = await api<{ txid: string }>(
    ctx,
    `v1/bip122/transactions?chainId=${encodeURIComponent(network.caipNetworkId)}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ hex }) },
  )
  return txid
}

/** Resolves once the transaction is in a block (the account's history says confirmed), or after ~2 min. */
export async function waitForBitcoinTx(
  ctx: PluginContext,
  network: Network,
  from: string,
  txid: string,
): Promise<void> {
  const account = `${network.caipNetworkId}:${from}`
  for (let i = 0; i < 120; i++) {
    await new Promise((resolve) => setTimeout(resolve, 1_000))
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
