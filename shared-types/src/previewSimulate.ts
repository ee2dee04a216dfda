/**
 * The transaction preview's simulation, in the one place the API (POST /v1/preview) and the embedded
 * wallet's frame backend both take it from: the eth_simulateV1 request and the checked reading of its
 * answer (simulation/node.ts), what the simulated logs mean for the account (simulation/effects.ts) and
 * why a call reverted (simulation/revert.ts). A copy in each service could drift apart and make the
 * wallet's approval and the modal's preview say different things about the same request.
 *
 * Its own entry (`@portico/shared-types/preview-simulate`) because it needs viem, like preview-digest;
 * only services import it (it fetches from the node), never the kernel or a page script.
 */

export {
  type Effects,
  effectsFor,
  NATIVE_TRANSFER_SOURCE,
  type RawApproval,
  type RawChange,
  type Standard,
  UNLIMITED_FROM,
} from './simulation/effects.ts'
export {
  type BoundedReader,
  MAX_SIMULATION_ANSWER_BYTES,
  MAX_SIMULATION_LOGS,
  readSimulationAnswer,
  SIMULATION_TIMEOUT_MS,
  type SimulatedCall,
  type SimulatedLog,
  type SimulationOptions,
  SimulationUnavailable,
  simulateCalls,
  simulationRequest,
} from './simulation/node.ts'
export { type DecodedRevert, decodeRevert } from './simulation/revert.ts'
