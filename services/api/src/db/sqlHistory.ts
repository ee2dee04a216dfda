import type { SqlDriver, SqlExecutor, SqlValue } from './driver.ts'
import {
  ChainContinuityError,
  type ChainCursor,
  type HistoryKey,
  type HistoryTx,
  type IndexedBlock,
  type Repository,
  type TransferRecord,
} from './repository.ts'
import { lower, marks, type Num, type TransferRow, transferFromRow } from './sqlRows.ts'

type HistoryMethods = Pick<
  Repository,
  'getCursor' | 'recordBlocks' | 'rewind' | 'blocksWithTransfers' | 'historyPage'
>

/** The history index: chain cursors, transfers and each account's transactions. */
export function sqlHistoryMethods(db: SqlDriver): HistoryMethods {
  return {
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
