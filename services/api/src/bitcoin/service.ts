import type { TokenBalance, TransactionHistoryItem } from '@portico/shared-types'
import { formatUnits } from 'viem'
import { tokenIconUrl } from '../icons.ts'
import type { BitcoinAccount } from './account.ts'
import type { BitcoinNodeClient, NodeTx } from './node.ts'

export const BTC_DECIMALS = 8

const btc = (sats: bigint) => formatUnits(sats, BTC_DECIMALS)

/** The account's BTC: its unspent coins, confirmed and in the mempool (spent ones left out). */
export async function readBitcoinBalance(
  client: BitcoinNodeClient,
  account: BitcoinAccount,
): Promise<TokenBalance> {
  const coins = await client.coins(account.nodeAddress)
  const total = coins.reduce((sum, coin) => sum + BigInt(coin.value), 0n)
  return {
    name: 'Bitcoin',
    symbol: 'BTC',
    chainId: account.networkId as TokenBalance['chainId'],
    price: 0,
    quantity: { decimals: String(BTC_DECIMALS), numeric: btc(total) },
    iconUrl: tokenIconUrl('BTC'),
  }
}

/** One transaction as the behaviour §3 history item, from the account's side. */
export function toBitcoinHistoryItem(tx: NodeTx, account: BitcoinAccount): TransactionHistoryItem {
  const mine = (address: string | null | undefined) => address === account.nodeAddress
  const spent = tx.inputs.reduce(
    (sum, input) => sum + (mine(input.coin?.address) ? BigInt(input.coin?.value ?? 0) : 0n),
    0n,
  )
  const received = tx.outputs.reduce(
    (sum, output) => sum + (mine(output.address) ? BigInt(output.value) : 0n),
    0n,
  )
  const toOthers = tx.outputs.filter((output) => !mine(output.address))
  const sentOut = toOthers.reduce((sum, output) => sum + BigInt(output.value), 0n)
  const direction = spent > 0n ? (sentOut > 0n ? 'out' : 'self') : 'in'
  const amount = direction === 'out' ? sentOut : received
  const from = tx.inputs.find((input) => input.coin?.address)?.coin?.address ?? ''
  const to = direction === 'out' ? (toOthers[0]?.address ?? '') : account.address
  const seconds = tx.height >= 0 && tx.time ? tx.time : (tx.mtime ?? 0)
  return {
    id: `${account.networkId}:${tx.hash}`,
    metadata: {
      operationType: direction === 'in' ? 'receive' : 'send',
      hash: tx.hash,
      minedAt: new Date(seconds * 1000).toISOString(),
      sentFrom: mine(from) ? account.address : from,
      sentTo: to,
      status: tx.height >= 0 ? 'confirmed' : 'pending',
      nonce: 0,
      chain: account.networkId as TransactionHistoryItem['metadata']['chain'],
    },
    transfers: [
      {
        fungible_info: { name: 'Bitcoin', symbol: 'BTC', icon: { url: tokenIconUrl('BTC') } },
        direction,
        quantity: { decimals: String(BTC_DECIMALS), numeric: btc(amount) },
      },
    ],
  }
}

export async function readBitcoinHistory(
  client: BitcoinNodeClient,
  account: BitcoinAccount,
): Promise<TransactionHistoryItem[]> {
  return (await client.transactions(account.nodeAddress)).map((tx) => toBitcoinHistoryItem(tx, account))
}
