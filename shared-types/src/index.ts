// The app-facing entry: the domain shapes an app and every other part share (networks, accounts,
// options, state, events, messages, constants). Plugin authors add `@portico/shared-types/plugin`;
// the services' wire shapes are `@portico/shared-types/api` and `@portico/shared-types/frame`.
export * from './caip.ts'
export * from './constants.ts'
export * from './entities.ts'
export * from './errors.ts'
export * from './events.ts'
export * from './i18n.ts'
export * from './messages.ts'
export * from './modalShell.ts'
export * from './network.ts'
export * from './optionMessages.ts'
export * from './options.ts'
export * from './solana.ts'
export * from './state.ts'
export * from './trustedTypes.ts'
