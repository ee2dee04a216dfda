export { devCustodyKey, devFarcasterAccounts } from './farcaster/accounts.ts'
export {
  devClientSecret,
  devUsers,
  isSocialProvider,
  SOCIAL_PROVIDERS,
  type SocialProviderId,
  subjectFor,
} from './providers.ts'
export { type Idp, type IdpOptions, startIdp } from './server.ts'
