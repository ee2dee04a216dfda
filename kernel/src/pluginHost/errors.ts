/**
 * Why a plugin did not start. The host reports each kind differently: a refusal on trust grounds
 * stands for the page, a remote that is not deployed is one warning, anything else is retried on the
 * next need (host.ts reportFailure).
 */
import { PorticoError } from '../errors/base.ts'

/** A remote refused on trust grounds (origin, manifest, api range, integrity). */
export class RemoteRefusedError extends PorticoError {
  override name = 'RemoteRefusedError'
  constructor(message: string, options?: { cause?: unknown }) {
    super('PLUGIN_REMOTE_REFUSED', message, options)
  }
}

/** A remote that is not deployed (manifest 404/410): warned about once, not retried on every open. */
export class RemoteUnavailableError extends PorticoError {
  override name = 'RemoteUnavailableError'
  constructor(message: string) {
    super('PLUGIN_REMOTE_UNAVAILABLE', message)
  }
}

/** A manifest that is not one the host can trust to describe the remote (shape, size, files). */
export class InvalidManifestError extends PorticoError {
  override name = 'InvalidManifestError'
  constructor(message: string) {
    super('PLUGIN_MANIFEST_INVALID', message)
  }
}

/** A plugin definition that breaks the contract's shape: the plugin is not started. */
export class InvalidPluginError extends PorticoError {
  override name = 'InvalidPluginError'
  constructor(message: string) {
    super('PLUGIN_INVALID', message)
  }
}

export type PluginLoadErrorCode =
  /** The remote did not load, or its setup did not settle, in time. */
  | 'PLUGIN_TIMEOUT'
  /** The remote's server answered a non-ok HTTP status. */
  | 'PLUGIN_HTTP_STATUS'
  /** The plugin needs a plugin API range this kernel does not provide. */
  | 'PLUGIN_API_MISMATCH'
  /** The federation runtime was asked for an entry whose manifest was never checked. */
  | 'PLUGIN_ENTRY_UNCHECKED'

/** A load that failed for a reason that may pass: the next need asks again. */
export class PluginLoadError extends PorticoError<PluginLoadErrorCode> {
  override name = 'PluginLoadError'
}
