// What a plugin author writes against: the plugin contract, its context (UI kit, API client, chain
// helpers), the account details a connector reports, the nonce-carrying style injector, the
// connect-method button layout, and the one way to send calls (EIP-5792 batches, ERC-7677 paymaster).
export * from './accountDetails.ts'
export * from './apiClient.ts'
export * from './callsOutcome.ts'
export * from './chainHelpers.ts'
export * from './markLayout.ts'
export * from './plugin.ts'
export * from './styleSheet.ts'
export * from './ui.ts'
export * from './walletCalls.ts'
export * from './walletCapabilities.ts'
