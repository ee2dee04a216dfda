/** Shared by the convert tests: the devnet DEX, a funded fresh account, and the kernel's own schemas. */
import type { Devnet } from '@portico/devnet'
import { type Address, type Hex, parseAbi, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'

export { AllowanceSchema, SwapQuotesSchema } from '../../../kernel/src/api/schemas.ts'
// The kernel's client checks every convert answer with these: the API must pass them as they are.
export {
  ApproveTransactionSchema,
  SwapTokensSchema,
  SwapTransactionSchema,
} from '../../../kernel/src/api/schemasConvert.ts'

import { chainClients, PROJECT, sendEth } from './helpers.ts'

export const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
export const sdk = `projectId=${PROJECT}&st=portico&sv=1.7.0`

export const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
])

export function dexOf(devnet: Devnet, chainId: number) {
  const f = devnet.fixtures?.[chainId]
  if (!f?.dex) throw new Error(`no DEX on ${chainId}`)
  return { ...f.dex, tokens: f.tokens }
}

export const rpcOf = (devnet: Devnet, chainId: number) => {
  const url = devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl
  if (!url) throw new Error(`no chain ${chainId}`)
  return url
}

/** A new key with `eth` ETH from dev account 0, so a test's balances are its own. */
export async function fundedAccount(devnet: Devnet, chainId: number, eth = '10') {
  const privateKey: Hex = generatePrivateKey()
  const address = privateKeyToAccount(privateKey).address
  const funder = devnet.accounts[0]
  if (!funder) throw new Error('no dev account 0')
  if (eth !== '0') await sendEth(rpcOf(devnet, chainId), chainId, funder.privateKey, address, parseEther(eth))
  return { privateKey, address, caip: `eip155:${chainId}:${address}` }
}

export const caip = (chainId: number, address: Address | string) => `eip155:${chainId}:${address}`

/** Sends a built transaction (CAIP `to`) from the key's wallet and waits for success. */
export async function sendBuilt(
  devnet: Devnet,
  chainId: number,
  privateKey: Hex,
  tx: { to: string; data: string; value?: string; eip155: { gas?: string; gasPrice: string } },
) {
  const { wallet, publicClient } = chainClients(chainId, rpcOf(devnet, chainId), privateKey)
  if (!wallet) throw new Error('no wallet')
  const to = tx.to.split(':').pop() as Address
  const hash = await wallet.sendTransaction({
    to,
    data: tx.data as Hex,
    value: BigInt(tx.value ?? '0'),
    gasPrice: BigInt(tx.eip155.gasPrice),
    ...(tx.eip155.gas !== undefined && { gas: BigInt(tx.eip155.gas) }),
  })
  const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
  if (receipt.status !== 'success') throw new Error(`transaction ${hash} reverted`)
  return receipt
}
