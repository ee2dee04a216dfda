/**
 * The app or a plugin used the kernel in a way it cannot work with: a mistake to fix in code, never
 * something the visitor did. The message says what to change; `code` says which rule was broken.
 */
import { PorticoError } from './base.ts'

export type UsageErrorCode =
  /** `networks` is empty. */
  | 'CONFIG_NO_NETWORKS'
  /** Both `siweConfig` and `siwx` are set. */
  | 'CONFIG_SIWE_AND_SIWX'
  /** The wagmi config was given no eip155 network. */
  | 'CONFIG_NO_EIP155_NETWORK'
  /** `<PorticoProvider>` was given neither `options` nor `modal`. */
  | 'CONFIG_NO_CLIENT_OPTIONS'
  /** A cookie storage option (max age, path) is malformed. */
  | 'CONFIG_INVALID_COOKIE'
  /** A `paymasterServices` entry is not an eip155 network id with an https (or loopback http) URL. */
  | 'CONFIG_INVALID_PAYMASTER_SERVICE'
  /** A hook or component ran outside the provider that holds its kernel. */
  | 'OUTSIDE_PROVIDER'
  /** A modal method was called while rendering on a server. */
  | 'MODAL_ON_SERVER'
  /** A synchronous modal method was called before the modal loaded. */
  | 'MODAL_NOT_LOADED'
  /** Two owners registered the same view name. */
  | 'VIEW_ALREADY_REGISTERED'
  /** An argument has the wrong type. */
  | 'INVALID_ARGUMENT'
  /** More listeners than the kernel keeps for one event (a leak in the caller). */
  | 'TOO_MANY_LISTENERS'
  /** A value is too long for where it is stored (a cookie). */
  | 'VALUE_TOO_LONG'
  /** A message catalogue is not nested objects of strings. */
  | 'INVALID_CATALOGUE'

export class UsageError extends PorticoError<UsageErrorCode> {
  override name = 'UsageError'
}
