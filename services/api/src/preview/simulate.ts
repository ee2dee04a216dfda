/**
 * eth_simulateV1 on the chain's node (@portico/shared-types/preview-simulate: the request, the checked
 * reading of the answer), the answer read with the API's bounded reader.
 */
import type { PreviewedCall } from '@portico/shared-types/preview-digest'
import { type SimulatedCall, simulateCalls as simulateOnNode } from '@portico/shared-types/preview-simulate'
import type { Address } from 'viem'
import { readBoundedText } from '../http/boundedBody.ts'

export {
  type SimulatedCall,
  type SimulatedLog,
  SimulationUnavailable,
} from '@portico/shared-types/preview-simulate'

export const simulateCalls = (
  rpcUrl: string,
  from: Address,
  calls: PreviewedCall[],
): Promise<SimulatedCall[]> => simulateOnNode(rpcUrl, from, calls, { readText: readBoundedText })
