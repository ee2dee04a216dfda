import { ETH_READ_METHODS, UNSAFE_RPC_METHODS } from '@portico/shared-types'

/** behaviour §5 "eth_* reads" (and the behaviour §6 user-operation queries) the frame answers from the chain. */
export const FRAME_READ_METHODS = ETH_READ_METHODS

/**
 * behaviour §5: the only methods the wallet frame accepts (the kernel's ALLOWED_METHODS; a test keeps the
 * two equal). Everything else is refused with 'Requested RPC call is not allowed'.
 */
export const FRAME_ALLOWED_METHODS: ReadonlySet<string> = new Set<string>([
  ...FRAME_READ_METHODS,
  'eth_sendRawTransaction',
  'wallet_getCapabilities',
  'wallet_getCallsStatus',
  'wallet_getAssets',
  'solana_getAccounts',
  'solana_requestAccounts',
  ...UNSAFE_RPC_METHODS.filter((method) => method !== 'eth_sendUserOperation'),
])

export function isAllowedMethod(method: unknown): method is string {
  return typeof method === 'string' && FRAME_ALLOWED_METHODS.has(method)
}
