/** Business constants and limits of behaviour §2 and §9. */
export const DEFAULT_Z_INDEX = 999
export const WALLET_FRAME_Z_INDEX = 999999

export const TOAST_RESHOW_DELAY_MS = 150
export const METHOD_NOT_ALLOWED_DELAY_MS = 300

export const BALANCE_RETRY_BLOCK_MS = 30_000
export const CACHE_TTL_MS = {
  balance: 30_000,
  nativeBalance: 30_000,
  nameService: 300_000,
  identity: 300_000,
} as const
export const RECENT_WALLETS_MAX = 2
// Durations are plain literals, not products: esbuild keeps an unused `4 * 60_000` in a bundle (it does
// not prove arithmetic pure), and the auth frame's page script, which has a 4 KiB budget, imports this module.
export const PAIRING_EXPIRY_MS = 240_000 // 4 min
export const PAIRING_EXPIRED_WHEN_REMAINING_MS = 10_000
export const DEFAULT_RETRY_INTERVAL_MS = 1_000
export const IMAGE_PRELOAD_TIMEOUT_MS = 2_000
export const DEFAULT_DEBOUNCE_MS = 500
export const FRAME_CALL_TIMEOUT_MS = 30_000
/** How long an emailed one-time code works: the auth frame enforces it, the mail and the code screen say it. */
export const EMAIL_CODE_TTL_MS = 600_000 // 10 min
/** How long a login stays pending (its device-approval link works as long). */
export const EMAIL_LOGIN_TTL_MS = 900_000 // 15 min

export const HTTP_RETRY = {
  retries: 3,
  baseDelayMs: 150,
  statusCodes: [403, 408, 413, 429, 500, 502, 503, 504],
  timeoutMs: 10_000,
} as const

export const WALLET_LIST = {
  pageSize: 40,
  prefetchImages: 20,
  searchEntries: 100,
  searchMinWaitMs: 300,
  recommended: 4,
  featuredDefault: 4,
} as const

export const PROVIDER_FEE_RATE = 0.0085
export const GAS_UNITS_FOR_ESTIMATES = 150_000n
export const SWAP_SLIPPAGE_TOLERANCE = 1
export const MAX_PENDING_TRANSACTIONS = 99
export const BASE_FEE_MULTIPLIER = 1.2

/** Default account type per namespace (behaviour §6). */
export const DEFAULT_ACCOUNT_TYPES = {
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
} as const

export const NAME_SUFFIXES = ['.reown.id', '.wcn.id'] as const
export const SDK_VERSION = '1.7.0'
export const SDK_TYPE = 'portico'

/** eip155 chain ids the blockchain API supports (behaviour §7), plus the three Solana networks. */
export const SUPPORTED_EIP155_CHAIN_IDS = [
  1, 5, 11155111, 10, 420, 42161, 421613, 137, 80001, 42220, 1313161554, 1313161555, 56, 97, 43114, 43113,
  324, 280, 100, 8453, 84531, 84532, 7777777, 999,
] as const

/**
 * behaviour §5 "eth_* reads" and the behaviour §6 account, block, balance, call, gas, logs, receipt, filter and
 * user-operation queries: the kernel's request pipeline and the wallet frame both allow these.
 */
export const ETH_READ_METHODS = [
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
  // behaviour §6 user-operation queries
  'eth_getUserOperationByHash',
  'eth_getUserOperationReceipt',
  'eth_estimateUserOperationGas',
  'eth_supportedEntryPoints',
] as const

/** RPC methods that run without approval and those that need ApproveTransaction (behaviour §6). */
export const UNSAFE_RPC_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
] as const

/** behaviour §9 wallet feature order in the Account view; unknown features follow. */
export const WALLET_FEATURE_ORDER = ['onramp', 'swaps', 'receive', 'send'] as const

/**
 * Built-in features shown only with a connected account (wallet features, account tabs and menu): a
 * disconnected open leaves their plugins out (tens of KiB of heap each); they load once an account
 * connects through the modal, or on an open while connected. Here (the kernel body's module), not in
 * options.ts (the page's first JS).
 */
export const ACCOUNT_FEATURES: readonly string[] = [
  // WALLET_FEATURE_ORDER's four, written out: a spread is not provably pure, so a bundler keeps it (and
  // both arrays) in every bundle that imports this module (constants.test.ts keeps the two in step).
  'onramp',
  'swaps',
  'receive',
  'send',
  'history',
  'names',
  'smartSessions',
]
