import type { SqlDriver } from './driver.ts'
import type { OnrampOrder, OnrampOrderStatus, OnrampStore } from './onramp-repository.ts'
import { lower, type Num } from './sql-rows.ts'

interface OrderRow {
  id: string
  project_id: string
  provider: string
  address: string
  chain_id: Num
  asset: string
  symbol: string
  token_address: string
  decimals: Num
  fiat_currency: string
  payment_method: string
  fiat_total: string
  fee: string
  network_fee: string
  crypto_amount: string
  status: string
  tx_hash: string | null
  created_at: Num
  updated_at: Num
}

const STATUSES: readonly OnrampOrderStatus[] = ['pending', 'processing', 'completed']

const fromRow = (r: OrderRow): OnrampOrder => ({
  id: r.id,
  projectId: r.project_id,
  provider: r.provider,
  address: r.address,
  chainId: Number(r.chain_id),
  asset: r.asset,
  symbol: r.symbol,
  tokenAddress: r.token_address,
  decimals: Number(r.decimals),
  fiatCurrency: r.fiat_currency,
  paymentMethod: r.payment_method,
  fiatTotal: r.fiat_total,
  fee: r.fee,
  networkFee: r.network_fee,
  cryptoAmount: r.crypto_amount,
  status: STATUSES.includes(r.status as OnrampOrderStatus) ? (r.status as OnrampOrderStatus) : 'pending',
  txHash: r.tx_hash,
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
})

/** On-ramp orders over either SQL engine. */
export function sqlOnrampMethods(db: SqlDriver): OnrampStore {
  return {
    async createOnrampOrder(o) {
      await db.run(
        `INSERT INTO onramp_orders (id, project_id, provider, address, chain_id, asset, symbol, token_address,
           decimals, fiat_currency, payment_method, fiat_total, fee, network_fee, crypto_amount, status, tx_hash,
           created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [
          o.id,
          o.projectId,
          o.provider,
          lower(o.address),
          o.chainId,
          o.asset,
          o.symbol,
          lower(o.tokenAddress),
          o.decimals,
          o.fiatCurrency,
          o.paymentMethod,
          o.fiatTotal,
          o.fee,
          o.networkFee,
          o.cryptoAmount,
          o.status,
          o.txHash,
          o.createdAt,
          o.updatedAt,
        ],
      )
    },

    async getOnrampOrder(id) {
      const rows = await db.all<OrderRow>('SELECT * FROM onramp_orders WHERE id = ?', [id])
      return rows[0] ? fromRow(rows[0]) : null
    },

    async transitionOnrampOrder(id, from, to, at, txHash) {
      const changed = await db.run(
        `UPDATE onramp_orders SET status = ?, updated_at = ?, tx_hash = COALESCE(?, tx_hash)
         WHERE id = ? AND status = ?`,
        [to, at, txHash ?? null, id, from],
      )
      return changed > 0
    },

    async onrampPurchases(address, provider, { chainIds, before, limit }) {
      if (chainIds && chainIds.length === 0) return []
      const chainFilter = chainIds ? ` AND chain_id IN (${chainIds.map(() => '?').join(', ')})` : ''
      const after = before ? ' AND (updated_at < ? OR (updated_at = ? AND id < ?))' : ''
      const rows = await db.all<OrderRow>(
        `SELECT * FROM onramp_orders WHERE address = ? AND provider = ? AND status = 'completed'${chainFilter}${after}
         ORDER BY updated_at DESC, id DESC LIMIT ?`,
        [
          lower(address),
          provider,
          ...(chainIds ?? []),
          ...(before ? [before.updatedAt, before.updatedAt, before.id] : []),
          limit,
        ],
      )
      return rows.map(fromRow)
    },
  }
}
