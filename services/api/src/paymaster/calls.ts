/**
 * The contracts a user operation's call data makes the account call, read strictly: only the account
 * call forms this service knows (SimpleAccount's and PorticoAccount's `execute(address,uint256,bytes)`
 * and `executeBatch((address,uint256,bytes)[])`, which Coinbase's smart wallet shares), encoded exactly
 * as the ABI encodes them. Anything else (another selector, trailing or overlapping bytes, a batch
 * past the bound) reads as undefined, which the policy refuses: a target it cannot see is never
 * assumed allowed.
 */
import { type Address, decodeFunctionData, encodeFunctionData, getAddress, type Hex, parseAbi } from 'viem'

export const MAX_BATCH_CALLS = 32

const accountCalls = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
])

/** The targets of `callData` in call order, or undefined when it is not one of the known forms. */
export function accountCallTargets(callData: Hex): Address[] | undefined {
  let decoded: ReturnType<typeof decodeFunctionData<typeof accountCalls>>
  try {
    decoded = decodeFunctionData({ abi: accountCalls, data: callData })
  } catch {
    return undefined
  }
  // Canonical encoding only: what the account decodes is then exactly what was read here.
  let again: Hex
  try {
    again = encodeFunctionData({ abi: accountCalls, ...decoded } as Parameters<typeof encodeFunctionData>[0])
  } catch {
    return undefined
  }
  if (again.toLowerCase() !== callData.toLowerCase()) return undefined
  if (decoded.functionName === 'execute') return [getAddress(decoded.args[0])]
  const calls = decoded.args[0]
  if (calls.length === 0 || calls.length > MAX_BATCH_CALLS) return undefined
  return calls.map((call) => getAddress(call.target))
}
