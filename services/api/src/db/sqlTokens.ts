import type { ChainContract } from '../config.ts'
import type { SqlDriver, SqlValue } from './driver.ts'
import type { Repository, TokenPriceRecord } from './repository.ts'
import { lower, marks, type Num, type TokenRow, tokenFromRow } from './sqlRows.ts'

type TokenMethods = Pick<
  Repository,
  | 'upsertTokens'
  | 'listTokens'
  | 'getTokens'
  | 'seedPrices'
  | 'setPrice'
  | 'getPrices'
  | 'addSpamContracts'
  | 'spamContracts'
>

/** Tokens, their prices (by chain and contract, listed tokens only) and the spam list. */
export function sqlTokenMethods(db: SqlDriver): TokenMethods {
  return {
    async upsertTokens(tokens) {
      if (tokens.length === 0) return
      await db.transaction(async (tx) => {
        for (const t of tokens)
          await tx.run(
            `INSERT INTO tokens (chain_id, address, kind, name, symbol, decimals, icon_url, listed)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (chain_id, address) DO UPDATE SET
               kind = excluded.kind, name = excluded.name, symbol = excluded.symbol,
               decimals = excluded.decimals,
               icon_url = COALESCE(excluded.icon_url, tokens.icon_url),
               listed = CASE WHEN tokens.listed = 1 OR excluded.listed = 1 THEN 1 ELSE 0 END`,
            [t.chainId, lower(t.address), t.kind, t.name, t.symbol, t.decimals, t.iconUrl, t.listed ? 1 : 0],
          )
      })
    },

    async listTokens(chainId, opts = {}) {
      const rows = await db.all<TokenRow>(
        `SELECT * FROM tokens WHERE chain_id = ?${opts.listedOnly ? ' AND listed = 1' : ''} ORDER BY address`,
        [chainId],
      )
      return rows.map(tokenFromRow)
    },

    async getTokens(chainId, addresses) {
      if (addresses.length === 0) return []
      const rows = await db.all<TokenRow>(
        `SELECT * FROM tokens WHERE chain_id = ? AND address IN (${marks(addresses.length)})`,
        [chainId, ...addresses.map(lower)],
      )
      return rows.map(tokenFromRow)
    },

    async seedPrices(prices) {
      await db.transaction(async (tx) => {
        for (const p of prices)
          await tx.run(
            `INSERT INTO token_prices (chain_id, address, currency, price, updated_at) VALUES (?, ?, ?, ?, ?)
             ON CONFLICT (chain_id, address, currency) DO NOTHING`,
            priceParams(p),
          )
      })
    },

    async setPrice(p) {
      await db.run(
        `INSERT INTO token_prices (chain_id, address, currency, price, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (chain_id, address, currency) DO UPDATE SET
           price = excluded.price, updated_at = excluded.updated_at`,
        priceParams(p),
      )
    },

    async getPrices(chainId, addresses, currency) {
      const wanted = [...new Set(addresses.map(lower))]
      if (wanted.length === 0) return new Map()
      // Only a listed token has a price: a contract anyone deploys never inherits one.
      const rows = await db.all<{ address: string; price: Num }>(
        `SELECT p.address, p.price FROM token_prices p
         JOIN tokens t ON t.chain_id = p.chain_id AND t.address = p.address AND t.listed = 1
         WHERE p.chain_id = ? AND p.currency = ? AND p.address IN (${marks(wanted.length)})`,
        [chainId, currency.toLowerCase(), ...wanted],
      )
      return new Map(rows.map((r) => [r.address, Number(r.price)]))
    },

    async addSpamContracts(contracts: ChainContract[]) {
      await db.transaction(async (tx) => {
        for (const c of contracts)
          await tx.run(
            'INSERT INTO spam_contracts (chain_id, address) VALUES (?, ?) ON CONFLICT DO NOTHING',
            [c.chainId, lower(c.address)],
          )
      })
    },

    async spamContracts(chainId) {
      const rows = await db.all<{ address: string }>(
        'SELECT address FROM spam_contracts WHERE chain_id = ?',
        [chainId],
      )
      return new Set(rows.map((r) => r.address))
    },
  }
}

function priceParams(p: TokenPriceRecord): SqlValue[] {
  return [p.chainId, lower(p.address), p.currency.toLowerCase(), p.price, p.updatedAt]
}
