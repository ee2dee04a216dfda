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
