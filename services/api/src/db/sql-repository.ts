import type { ChainContract } from '../config.ts'
import type { SqlDriver, SqlExecutor, SqlValue } from './driver.ts'
import { migrate } from './migrations.ts'
import {
  ChainContinuityError,
  type ChainCursor,
  type HistoryKey,
  type HistoryTx,
  type IndexedBlock,
  type NameRecord,
  type PriceRecord,
  type Repository,
  type SessionRecord,
  type TokenKind,
  type TokenRecord,
  type TransferRecord,
} from './repository.ts'

// PostgreSQL hands BIGINT back as strings; SQLite as numbers. Rows are typed loosely and mapped.
type Num = number | string
interface TokenRow {
  chain_id: Num
  address: string
  kind: string
  name: string | null
  symbol: string | null
  decimals: Num | null
  icon_url: string | null
  listed: Num
}
interface TransferRow {
  chain_id: Num
  tx_hash: string
  log_index: Num
  block_number: Num
  block_hash: string
  tx_index: Num
  mined_at: Num
  kind: string
  contract: string | null
  from_addr: string
  to_addr: string
  amount: string
  token_id: string | null
  tx_from: string
  tx_to: string | null
  nonce: Num
  status: string
}
interface SessionRow {
  pci: string
  address: string
  project_id: string
  permission: string
  created_at: Num
  expiry: Num | null
  revoked_at: Num | null
}

const lower = (s: string) => s.toLowerCase()
const numOrNull = (v: Num | null) => (v === null ? null : Number(v))

/** The Repository over either SQL driver: every statement here runs unchanged on both engines. */
export async function createSqlRepository(driver: SqlDriver): Promise<Repository> {
  await migrate(driver)
  const db = driver

  return {
    dialect: driver.dialect,
    close: () => driver.close(),

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
            `INSERT INTO prices (symbol, currency, price, updated_at) VALUES (?, ?, ?, ?)
             ON CONFLICT (symbol, currency) DO NOTHING`,
            priceParams(p),
          )
      })
    },

    async setPrice(p) {
      await db.run(
        `INSERT INTO prices (symbol, currency, price, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (symbol, currency) DO UPDATE SET price = excluded.price, updated_at = excluded.updated_at`,
        priceParams(p),
      )
    },

    async getPrices(symbols, currency) {
      const wanted = [...new Set(symbols.map((s) => s.toUpperCase()))]
      if (wanted.length === 0) return new Map()
      const rows = await db.all<{ symbol: string; price: Num }>(
        `SELECT symbol, price FROM prices WHERE currency = ? AND symbol IN (${marks(wanted.length)})`,
        [currency.toLowerCase(), ...wanted],
      )
      return new Map(rows.map((r) => [r.symbol, Number(r.price)]))
    },

    async putName(n) {
      await db.run(
        `INSERT INTO names (name, address, avatar, attributes, created_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (name) DO UPDATE SET address = excluded.address, avatar = excluded.avatar,
           attributes = excluded.attributes, created_at = excluded.created_at`,
        [n.name, lower(n.address), n.avatar, JSON.stringify(n.attributes), n.createdAt],
      )
    },

    async latestName(address) {
      const rows = await db.all<{
        name: string
        address: string
        avatar: string | null
        attributes: string
        created_at: Num
      }>('SELECT * FROM names WHERE address = ? ORDER BY created_at DESC, name DESC LIMIT 1', [
        lower(address),
      ])
      const r = rows[0]
      if (!r) return null
      const record: NameRecord = {
        name: r.name,
        address: r.address,
        avatar: r.avatar,
        attributes: JSON.parse(r.attributes) as Record<string, string>,
        createdAt: Number(r.created_at),
      }
      return record
    },

    async createSession(s) {
      await db.run(
        `INSERT INTO sessions (pci, address, project_id, permission, created_at, expiry, revoked_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        [
          s.pci,
          lower(s.address),
          s.projectId,
          JSON.stringify(s.permission),
          s.createdAt,
          s.expiry,
          s.revokedAt,
        ],
      )
    },

    async listSessions(address) {
      const rows = await db.all<SessionRow>(
        'SELECT * FROM sessions WHERE address = ? ORDER BY created_at, pci',
        [lower(address)],
      )
      return rows.map(sessionFromRow)
    },

    async getSession(pci) {
      const rows = await db.all<SessionRow>('SELECT * FROM sessions WHERE pci = ?', [pci])
      return rows[0] ? sessionFromRow(rows[0]) : null
    },

    async revokeSession(pci, at) {
      const changed = await db.run(
        'UPDATE sessions SET revoked_at = ? WHERE pci = ? AND revoked_at IS NULL',
        [at, pci],
      )
      return changed > 0
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

    getCursor: (chainId) => readCursor(db, chainId),

    async recordBlocks(chainId, genesisHash, blocks) {
      if (blocks.length === 0) return
      await db.transaction(async (tx) => {
        const cursor = await readCursor(tx, chainId)
        checkContinuity(chainId, cursor, genesisHash, blocks)
        for (const block of blocks) for (const t of block.transfers) await insertTransfer(tx, chainId, t)
        const last = blocks[blocks.length - 1] as IndexedBlock
        await tx.run(
          `INSERT INTO chain_cursors (chain_id, block_number, block_hash, genesis_hash, updated_at)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (chain_id) DO UPDATE SET block_number = excluded.block_number,
             block_hash = excluded.block_hash, genesis_hash = excluded.genesis_hash,
             updated_at = excluded.updated_at`,
          [chainId, last.number, last.hash, genesisHash, Math.floor(Date.now() / 1000)],
        )
      })
    },

    async rewind(chainId, to) {
      await db.transaction(async (tx) => {
        const above = to ? to.blockNumber : -1
        await tx.run('DELETE FROM transfers WHERE chain_id = ? AND block_number > ?', [chainId, above])
        await tx.run('DELETE FROM account_txs WHERE chain_id = ? AND block_number > ?', [chainId, above])
        if (to)
          await tx.run(
            'UPDATE chain_cursors SET block_number = ?, block_hash = ?, genesis_hash = ?, updated_at = ? WHERE chain_id = ?',
            [to.blockNumber, to.blockHash, to.genesisHash, Math.floor(Date.now() / 1000), chainId],
          )
        else await tx.run('DELETE FROM chain_cursors WHERE chain_id = ?', [chainId])
      })
    },

    async blocksWithTransfers(chainId, atOrBelow, limit) {
      const rows = await db.all<{ block_number: Num; block_hash: string }>(
        `SELECT DISTINCT block_number, block_hash FROM transfers
         WHERE chain_id = ? AND block_number <= ? ORDER BY block_number DESC LIMIT ?`,
        [chainId, atOrBelow, limit],
      )
      return rows.map((r) => ({ number: Number(r.block_number), hash: r.block_hash }))
    },

    async historyPage(address, opts) {
      const account = lower(address)
      const where = ['address = ?']
      const params: SqlValue[] = [account]
      if (opts.chainIds) {
        if (opts.chainIds.length === 0) return []
        where.push(`chain_id IN (${marks(opts.chainIds.length)})`)
        params.push(...opts.chainIds)
      }
      if (opts.before) {
        where.push('(mined_at, chain_id, block_number, tx_index) < (?, ?, ?, ?)')
        const b = opts.before
        params.push(b.minedAt, b.chainId, b.blockNumber, b.txIndex)
      }
      const txs = await db.all<{
        chain_id: Num
        tx_hash: string
        mined_at: Num
        block_number: Num
        tx_index: Num
      }>(
        `SELECT chain_id, tx_hash, mined_at, block_number, tx_index FROM account_txs WHERE ${where.join(' AND ')}
         ORDER BY mined_at DESC, chain_id DESC, block_number DESC, tx_index DESC LIMIT ?`,
        [...params, opts.limit],
      )
      if (txs.length === 0) return []
      const transfers = await db.all<TransferRow>(
        `SELECT * FROM transfers WHERE (chain_id, tx_hash) IN (${txs.map(() => '(?, ?)').join(', ')})
           AND (from_addr = ? OR to_addr = ?) ORDER BY log_index`,
        [...txs.flatMap((t) => [t.chain_id, t.tx_hash]), account, account],
      )
      const byTx = new Map<string, TransferRecord[]>()
      for (const row of transfers) {
        const t = transferFromRow(row)
        const key = `${t.chainId}:${t.txHash}`
        const list = byTx.get(key)
        if (list) list.push(t)
        else byTx.set(key, [t])
      }
      return txs.map((t): HistoryTx => {
        const key: HistoryKey = {
          minedAt: Number(t.mined_at),
          chainId: Number(t.chain_id),
          blockNumber: Number(t.block_number),
          txIndex: Number(t.tx_index),
        }
        return {
          key,
          chainId: key.chainId,
          txHash: t.tx_hash,
          transfers: byTx.get(`${key.chainId}:${t.tx_hash}`) ?? [],
        }
      })
    },
  }
}

function checkContinuity(
  chainId: number,
  cursor: ChainCursor | null,
  genesisHash: string,
  blocks: IndexedBlock[],
): void {
  let prev: { number: number; hash: string } | null = cursor
    ? { number: cursor.blockNumber, hash: cursor.blockHash }
    : null
  if (cursor && cursor.genesisHash !== genesisHash)
    throw new ChainContinuityError(`chain ${chainId}: genesis changed (the chain was reset)`)
  for (const block of blocks) {
    if (prev && (block.number !== prev.number + 1 || block.parentHash !== prev.hash))
      throw new ChainContinuityError(
        `chain ${chainId}: block ${block.number} (parent ${block.parentHash}) does not follow block ${prev.number} (${prev.hash})`,
      )
    for (const t of block.transfers)
      if (t.blockNumber !== block.number || t.blockHash !== block.hash)
        throw new ChainContinuityError(
          `chain ${chainId}: transfer ${t.txHash} is not in block ${block.number}`,
        )
    prev = block
  }
}

async function readCursor(db: SqlExecutor, chainId: number): Promise<ChainCursor | null> {
  const rows = await db.all<{ block_number: Num; block_hash: string; genesis_hash: string }>(
    'SELECT block_number, block_hash, genesis_hash FROM chain_cursors WHERE chain_id = ?',
    [chainId],
  )
  const r = rows[0]
  return r
    ? { chainId, blockNumber: Number(r.block_number), blockHash: r.block_hash, genesisHash: r.genesis_hash }
    : null
}

async function insertTransfer(tx: SqlExecutor, chainId: number, t: TransferRecord): Promise<void> {
  await tx.run(
    `INSERT INTO transfers (chain_id, tx_hash, log_index, block_number, block_hash, tx_index, mined_at, kind,
       contract, from_addr, to_addr, amount, token_id, tx_from, tx_to, nonce, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (chain_id, tx_hash, log_index) DO NOTHING`,
    [
      chainId,
      lower(t.txHash),
      t.logIndex,
      t.blockNumber,
      lower(t.blockHash),
      t.txIndex,
      t.minedAt,
      t.kind,
      t.contract === null ? null : lower(t.contract),
      lower(t.from),
      lower(t.to),
      t.amount,
      t.tokenId,
      lower(t.txFrom),
      t.txTo === null ? null : lower(t.txTo),
      t.nonce,
      t.status,
    ],
  )
  for (const party of new Set([lower(t.from), lower(t.to)]))
    await tx.run(
      `INSERT INTO account_txs (address, chain_id, tx_hash, mined_at, block_number, tx_index)
       VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (address, chain_id, tx_hash) DO NOTHING`,
      [party, chainId, lower(t.txHash), t.minedAt, t.blockNumber, t.txIndex],
    )
}

function marks(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ')
}

function priceParams(p: PriceRecord): SqlValue[] {
  return [p.symbol.toUpperCase(), p.currency.toLowerCase(), p.price, p.updatedAt]
}

const TOKEN_KINDS: readonly TokenKind[] = ['native', 'erc20', 'erc721', 'unknown']

function tokenFromRow(r: TokenRow): TokenRecord {
  return {
    chainId: Number(r.chain_id),
    address: r.address,
    kind: TOKEN_KINDS.find((k) => k === r.kind) ?? 'unknown',
    name: r.name,
    symbol: r.symbol,
    decimals: numOrNull(r.decimals),
    iconUrl: r.icon_url,
    listed: Number(r.listed) === 1,
  }
}

function transferFromRow(r: TransferRow): TransferRecord {
  return {
    chainId: Number(r.chain_id),
    txHash: r.tx_hash,
    logIndex: Number(r.log_index),
    blockNumber: Number(r.block_number),
    blockHash: r.block_hash,
    txIndex: Number(r.tx_index),
    minedAt: Number(r.mined_at),
    kind: r.kind === 'erc20' || r.kind === 'erc721' ? r.kind : 'native',
    contract: r.contract,
    from: r.from_addr,
    to: r.to_addr,
    amount: r.amount,
    tokenId: r.token_id,
    txFrom: r.tx_from,
    txTo: r.tx_to,
    nonce: Number(r.nonce),
    status: r.status === 'reverted' ? 'reverted' : 'success',
  }
}

function sessionFromRow(r: SessionRow): SessionRecord {
  return {
    pci: r.pci,
    address: r.address,
    projectId: r.project_id,
    permission: JSON.parse(r.permission) as SessionRecord['permission'],
    createdAt: Number(r.created_at),
    expiry: numOrNull(r.expiry),
    revokedAt: numOrNull(r.revoked_at),
  }
}
