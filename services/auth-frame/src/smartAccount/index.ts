export {
  porticoAccountAbi,
  porticoAccountFactoryAbi,
  replaySafeTypedData,
  toPorticoSmartAccount,
} from './account.ts'
export {
  erc7677Client,
  MAX_PAYMASTER_ANSWER_BYTES,
  PAYMASTER_CLIENT_ERRORS,
  type PaymasterEndpoint,
} from './paymasterClient.ts'
export {
  createSmartAccountProvider,
  SMART_ACCOUNT_ERRORS,
  type SmartAccountNetwork,
  type SmartAccountProviderOptions,
} from './provider.ts'
export {
  type PaymasterServiceConfig,
  SPONSORSHIP_ERRORS,
  sponsorshipConfigured,
  sponsorshipOf,
  UNSUPPORTED_CAPABILITY,
} from './sponsorship.ts'
