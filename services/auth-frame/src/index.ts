export {
  type AuthFrameConfig,
  type AuthFrameConfigInput,
  DEFAULT_PORT,
  DEFAULT_PROJECT_ID,
  type FrameChain,
  type FrameSolana,
  resolveConfig,
} from './config.ts'
export type { RequestContext, Services } from './context.ts'
export type { Mail, Mailer } from './email/mailer.ts'
export { configFromEnv } from './env.ts'
export type { MailboxMessage } from './http/mailbox.ts'
export { FRAME_ALLOWED_METHODS } from './rpc/allowList.ts'
export { type AuthFrameServer, startAuthFrame } from './server.ts'
export {
  createSmartAccountProvider,
  type PaymasterServiceConfig,
  SMART_ACCOUNT_ERRORS,
  type SmartAccountNetwork,
  type SmartAccountProviderOptions,
} from './smartAccount/index.ts'
export type { SmartAccountCall, SmartAccountProvider } from './smartAccountSeam.ts'
export {
  createSocialLogin,
  devSocialConfig,
  type SocialConfig,
  type SocialLogin,
  type SocialLoginOptions,
  socialConfigFromEnv,
  socialProductionProblems,
} from './social/index.ts'
export type { SocialContext, SocialIdentity, SocialProvider } from './socialSeam.ts'
