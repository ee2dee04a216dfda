/**
 * One EIP-7702 transaction for a whole batch: the account sends a type-4 transaction to itself whose
 * authorization delegates it to Simple7702Account, and whose data is that delegate's
 * executeBatch(calls). The calls run as the account (msg.sender is the account for each callee) and
 * the transaction succeeds or reverts as a whole. Loaded at the first batch (viem's ABI codec and
 * transaction serializers are evaluated then, not when the wallet is injected).
 */
import {
  type Address,
  encodeFunctionData,
  formatTransactionRequest,
  type Hex,
  hexToBigInt,
  parseAbi,
} from 'viem'
import { invalidParams } from '../errors.ts'
import { eip1559Fees, latestBaseFee, type Rpc } from '../fees.ts'
import type { DevSigner } from '../signer.ts'
import type { BatchCall } from './params.ts'

const EXECUTE_BATCH_ABI = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])

export async function sendAtomicBatch(
  account: DevSigner,
  chainId: number,
  delegate: Address,
  calls: readonly BatchCall[],
  rpc: Rpc,
): Promise<Hex> {
  const from = account.address
  const data = encodeFunctionData({
    abi: EXECUTE_BATCH_ABI,
    functionName: 'executeBatch',
    args: [calls.map((call) => ({ target: call.to, value: call.value, data: call.data }))],
  })
  const nonce = hexToBigInt((await rpc('eth_getTransactionCount', [from, 'pending'])) as Hex)
  // The sender's nonce is raised before authorizations are processed: its own authorization names
  // the nonce after the transaction's (EIP-7702).
  const authorization = await account.signAuthorization({
    address: delegate,
    chainId,
    nonce: Number(nonce + 1n),
  })
  const authorizationList = [authorization]
  const call = formatTransactionRequest({ from, to: from, data, nonce: Number(nonce), authorizationList })
  // A batch that would revert is refused here, before anything is signed into a transaction.
  const gas = hexToBigInt((await rpc('eth_estimateGas', [call])) as Hex)
  const baseFee = await latestBaseFee(rpc)
  if (baseFee === undefined)
    throw invalidParams(`Chain ${chainId} has no EIP-1559 base fee: EIP-7702 batches need one`)
  const fees = await eip1559Fees(rpc, baseFee)
  const signed = await account.signTransaction({
    type: 'eip7702',
    chainId,
    nonce: Number(nonce),
    to: from,
    data,
    value: 0n,
    gas,
    authorizationList,
    ...fees,
  })
  return (await rpc('eth_sendRawTransaction', [signed])) as Hex
}
