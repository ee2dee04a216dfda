import { type Hex, hexToBigInt, isAddress, isHex, toHex } from 'viem'
import { invalidParams } from './errors.ts'
import { eip1559Fees, latestBaseFee, type Rpc } from './fees.ts'
import type { DevSigner } from './signer.ts'

export interface TransactionRequest {
  from?: string
  to?: string | null
  value?: Hex
  data?: Hex
  input?: Hex
  gas?: Hex
  nonce?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  chainId?: Hex
}

const quantity = (value: unknown, field: string): bigint | undefined => {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw invalidParams(`${field} must be a hex quantity`)
  return hexToBigInt(value)
}

/**
 * Fills what the dapp left out (nonce from the pending pool, gas from eth_estimateGas, fees from the
 * chain), signs locally and broadcasts the raw transaction. Returns the transaction hash.
 */
export async function sendTransaction(
  account: DevSigner,
  chainId: number,
  tx: TransactionRequest,
  rpc: Rpc,
): Promise<Hex> {
  const to = tx.to ?? undefined
  if (to !== undefined && !isAddress(to, { strict: false }))
    throw invalidParams(`Invalid "to" address: ${to}`)
  const data = tx.data ?? tx.input
  if (data !== undefined && !isHex(data)) throw invalidParams('data must be hex')
  const value = quantity(tx.value, 'value') ?? 0n
  const requestedChain = quantity(tx.chainId, 'chainId')
  if (requestedChain !== undefined && requestedChain !== BigInt(chainId)) {
    throw invalidParams(`Transaction chainId ${requestedChain} does not match the wallet's chain ${chainId}`)
  }
  let gasPrice = quantity(tx.gasPrice, 'gasPrice')
  const maxFeePerGas = quantity(tx.maxFeePerGas, 'maxFeePerGas')
  const maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
  if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) {
    throw invalidParams('Cannot specify gasPrice together with maxFeePerGas or maxPriorityFeePerGas')
  }

  const call = { from: account.address, to, data, value: toHex(value) }
  const nonce =
    quantity(tx.nonce, 'nonce') ??
    hexToBigInt((await rpc('eth_getTransactionCount', [account.address, 'pending'])) as Hex)
  const gas = quantity(tx.gas, 'gas') ?? hexToBigInt((await rpc('eth_estimateGas', [call])) as Hex)

  let signed: Hex
  const base = { chainId, nonce: Number(nonce), gas, to, data, value }
  if (gasPrice === undefined) {
    const baseFee = await latestBaseFee(rpc)
    if (baseFee !== undefined) {
      const fees = await eip1559Fees(rpc, baseFee, { maxFeePerGas, maxPriorityFeePerGas })
      signed = await account.signTransaction({ ...base, type: 'eip1559', ...fees })
      return (await rpc('eth_sendRawTransaction', [signed])) as Hex
    }
    if (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined) {
      throw invalidParams(`Chain ${chainId} has no EIP-1559 base fee: use gasPrice instead of maxFeePerGas`)
    }
    gasPrice = hexToBigInt((await rpc('eth_gasPrice')) as Hex)
  }
  signed = await account.signTransaction({ ...base, type: 'legacy', gasPrice })
  return (await rpc('eth_sendRawTransaction', [signed])) as Hex
}
