export {
  porticoAccountAbi,
  porticoAccountFactoryAbi,
  replaySafeTypedData,
  toPorticoSmartAccount,
} from './account.ts'
export {
  createSmartAccountProvider,
  SMART_ACCOUNT_ERRORS,
  type SmartAccountNetwork,
  type SmartAccountProviderOptions,
} from './provider.ts'
