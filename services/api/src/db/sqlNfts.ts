import type { SqlDriver } from './driver.ts'
import type { Repository } from './repository.ts'
import { lower, type Num } from './sqlRows.ts'

type NftMethods = Pick<Repository, 'nftTransfers'>

/** The NFT movements (ERC-721 Transfer, ERC-1155 TransferSingle) from or to one account on one chain. */
export function sqlNftMethods(db: SqlDriver): NftMethods {
  return {
    async nftTransfers(address, chainId, limit) {
      const account = lower(address)
      const rows = await db.all<{
        contract: string
        token_id: string
        kind: string
        from_addr: string
        to_addr: string
        amount: string
        block_number: Num
        log_index: Num
      }>(
        `SELECT t.contract, t.token_id, t.kind, t.from_addr, t.to_addr, t.amount, t.block_number, t.log_index
         FROM account_txs a JOIN transfers t ON t.chain_id = a.chain_id AND t.tx_hash = a.tx_hash
         WHERE a.address = ? AND a.chain_id = ? AND t.kind IN ('erc721', 'erc1155')
           AND t.contract IS NOT NULL AND t.token_id IS NOT NULL AND (t.from_addr = ? OR t.to_addr = ?)
         ORDER BY t.block_number, t.log_index LIMIT ?`,
        [account, chainId, account, account, limit],
      )
      return rows.map((r) => ({
        contract: r.contract,
        tokenId: r.token_id,
        kind: r.kind === 'erc1155' ? 'erc1155' : 'erc721',
        from: r.from_addr,
        to: r.to_addr,
        amount: r.amount,
      }))
    },
  }
}
