// What a plugin author writes against: the plugin contract, its context (UI kit, API client, chain
// helpers), the account details a connector reports, the nonce-carrying style injector and the
// connect-method button layout.
export * from './accountDetails.ts'
export * from './apiClient.ts'
export * from './chainHelpers.ts'
export * from './markLayout.ts'
export * from './plugin.ts'
export * from './styleSheet.ts'
export * from './ui.ts'
