export { AuthError, audienceMatcher, type VerifiedClient, verifyClientJwt } from './auth.ts'
export {
  connectRelayClient,
  type Delivery,
  RelayClient,
  type RelayClientOptions,
  RelayConnectError,
  RelayRpcError,
  relayConnectUrl,
  signRelayJwt,
} from './client.ts'
export { ErrorCode } from './jsonrpc.ts'
export {
  type Relay,
  type RelayOptions,
  type RelayStats,
  startRelay,
  subscriptionId,
  TAGS,
} from './relay.ts'
