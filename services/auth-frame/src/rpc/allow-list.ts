import { UNSAFE_RPC_METHODS } from '@portico/shared-types'

/** SPEC §5 "eth_* reads" (and the SPEC §6 user-operation queries) the frame answers from the chain. */
export const FRAME_READ_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockReceipts',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'eth_getTransactionByHash',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_blobBaseFee',
  'eth_getLogs',
  'eth_newFilter',
  'eth_newBlockFilter',
  'eth_newPendingTransactionFilter',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_uninstallFilter',
  'eth_syncing',
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
] as const

/**
 * SPEC §5: the only methods the wallet frame accepts (the kernel's ALLOWED_METHODS; a test keeps the
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
