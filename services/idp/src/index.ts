export { APPLE_AUDIENCE, APPLE_SECRET_MAX_LIFETIME_S } from './appleSecret.ts'
export { DEV_APPLE_TEAM_ID, type DevAppleKey, devAppleKey } from './devAppleKey.ts'
export { devCustodyKey, devFarcasterAccounts } from './farcaster/accounts.ts'
export { OAUTH2_MODES } from './modes/oauth2.ts'
export {
  devClientSecret,
  devUsers,
  isSocialProvider,
  OIDC_MODE_PROVIDERS,
  SOCIAL_PROVIDERS,
  type SocialProviderId,
  subjectFor,
} from './providers.ts'
export { type Idp, type IdpOptions, startIdp } from './server.ts'
