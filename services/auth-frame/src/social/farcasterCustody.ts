/**
 * A fid's custody address from Farcaster's IdRegistry on Optimism (`custodyOf(uint256)`), read with a
 * plain eth_call through the bounded fetch: the chain, not the relay, says which key owns the fid.
 * An unregistered fid has custody 0x0, which no signature recovers to.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex, isHex, parseAbi } from 'viem'
import { OPTIMISM_ID_REGISTRY } from './config.ts'
import { boundedFetch, record } from './upstream.ts'

const ID_REGISTRY_ABI = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])

export function custodyFromChain(rpcUrl: string, idRegistry: string = OPTIMISM_ID_REGISTRY) {
  if (!isHex(idRegistry) || idRegistry.length !== 42)
    throw new Error('farcaster: idRegistry is not an address')
  return async (fid: number): Promise<Hex> => {
    const data = encodeFunctionData({ abi: ID_REGISTRY_ABI, functionName: 'custodyOf', args: [BigInt(fid)] })
    const response = await boundedFetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_call',
        params: [{ to: idRegistry, data }, 'latest'],
      }),
    })
    if (!response.ok) throw new Error(`RPC answered ${response.status}`)
    const result = record(JSON.parse(await response.text()))?.result
    if (typeof result !== 'string' || !isHex(result)) throw new Error('RPC answered no result')
    return decodeFunctionResult({ abi: ID_REGISTRY_ABI, functionName: 'custodyOf', data: result })
  }
}
