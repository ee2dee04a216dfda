import type { SqlDriver } from './driver.ts'
import {
  type OnrampDelivery,
  type OnrampOrder,
  type OnrampOrderStatus,
  type OnrampStore,
  OnrampTxTakenError,
} from './onrampRepository.ts'
import { lower, type Num } from './sqlRows.ts'

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
  delivery_nonce: Num | null
  created_at: Num
  updated_at: Num
}

interface DeliveryRow {
  tx_hash: string
  order_id: string
  nonce: Num
  created_at: Num
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
  deliveryNonce:
    r.delivery_nonce === null || r.delivery_nonce === undefined ? null : Number(r.delivery_nonce),
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
      // Once a delivery is recorded the transaction may land at any time: the order never reopens.
      const unsent = to === 'pending' ? ' AND delivery_nonce IS NULL' : ''
      const changed = await db.run(
        `UPDATE onramp_orders SET status = ?, updated_at = ?, tx_hash = COALESCE(?, tx_hash)
         WHERE id = ? AND status = ?${unsent}`,
        [to, at, txHash ?? null, id, from],
      )
      return changed > 0
    },

    async recordOnrampDelivery(id, txHash, nonce, at) {
      const hash = lower(txHash)
      return db.transaction(async (tx) => {
        const owners = await tx.all<{ order_id: string }>(
          'SELECT order_id FROM onramp_deliveries WHERE tx_hash = ?',
          [hash],
        )
        if (owners.some((o) => o.order_id !== id)) throw new OnrampTxTakenError(hash)
        const changed = await tx
          .run(
            `UPDATE onramp_orders SET delivery_nonce = ?, tx_hash = ?, updated_at = ?
             WHERE id = ? AND status = 'processing' AND (delivery_nonce IS NULL OR delivery_nonce = ?)`,
            [nonce, hash, at, id, nonce],
          )
          .catch(() => {
            // The unique tx_hash index: another order was paid by this transaction.
            throw new OnrampTxTakenError(hash)
          })
        if (changed === 0) return false
        if (owners.length === 0)
          await tx.run(
            'INSERT INTO onramp_deliveries (tx_hash, order_id, nonce, created_at) VALUES (?, ?, ?, ?)',
            [hash, id, nonce, at],
          )
        return true
      })
    },

    async onrampDeliveries(id) {
      const rows = await db.all<DeliveryRow>(
        'SELECT * FROM onramp_deliveries WHERE order_id = ? ORDER BY created_at, tx_hash',
        [id],
      )
      return rows.map(
        (r): OnrampDelivery => ({
          orderId: r.order_id,
          txHash: r.tx_hash,
          nonce: Number(r.nonce),
          createdAt: Number(r.created_at),
        }),
      )
    },

    async deliveringOnrampOrders(limit) {
      const rows = await db.all<OrderRow>(
        `SELECT * FROM onramp_orders WHERE status = 'processing' AND delivery_nonce IS NOT NULL
         ORDER BY updated_at, id LIMIT ?`,
        [limit],
      )
      return rows.map(fromRow)
    },

    async useOnrampRequestId(requestId, expiresAt, now) {
      // Bounded: only correctly signed calls get here, and each row leaves once its window closed.
      await db.run('DELETE FROM onramp_request_ids WHERE expires_at < ?', [now])
      const added = await db.run(
        'INSERT INTO onramp_request_ids (id, expires_at) VALUES (?, ?) ON CONFLICT (id) DO NOTHING',
        [requestId, expiresAt],
      )
      return added > 0
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
