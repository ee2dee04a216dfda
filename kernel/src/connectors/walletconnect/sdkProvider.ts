/** The SDK provider of a kernel: created once from the app's options, watched for relay errors. */
import { type AppMetadata, MESSAGES } from '@portico/shared-types'
import { alertOptionsOf, raiseAlert } from '../../alerts/alerts.ts'
import { PorticoError } from '../../errors/base.ts'
import type { Kernel } from '../../kernel.ts'
import { relayError } from './errors.ts'
import { failAttempt } from './failure.ts'
import type { ProviderConfig, WalletConnectProvider } from './provider.ts'
import type { Runtime } from './runtime.ts'
import { sdkStorage } from './sdkStorage.ts'

function defaultMetadata(): AppMetadata {
  const location = globalThis.location
  return {
    name: globalThis.document?.title || location?.host || 'Portico',
    description: '',
    url: location?.origin ?? '',
    icons: [],
  }
}

function providerConfig(kernel: Kernel): ProviderConfig {
  const { options } = kernel.store.get()
  return {
    projectId: options.projectId,
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
    metadata: options.metadata ?? defaultMetadata(),
    debug: options.debug === true,
    storage: sdkStorage((message, error) => kernel.log.warn(message, error)),
  }
}

/** The runtime's provider, created on first use; `quiet`: no alert if it cannot be created. */
export function getProvider(kernel: Kernel, runtime: Runtime, quiet = false): Promise<WalletConnectProvider> {
  if (runtime.provider) return runtime.provider
  const pending: Promise<WalletConnectProvider> = runtime.createProvider(providerConfig(kernel)).then(
    (provider) => {
      // A refused connection (close code 3000) arrives only as this event; connect() never settles.
      provider.client.core.relayer.on('relayer_error', (error: unknown) => {
        kernel.log.warn('Portico: WalletConnect relay error', error)
        const attempt = runtime.attempt
        if (runtime.provider === pending && attempt && !attempt.settled)
          failAttempt(runtime, attempt, relayError(error))
      })
      return provider
    },
    (error: unknown) => {
      if (runtime.provider === pending) runtime.provider = undefined
      // behaviour §8: the universal-provider alert, once per page (not for a pairing prepared in advance:
      // the attempt that follows, if the user chooses WalletConnect, raises it).
      if (!quiet) raiseAlert('universalProvider', alertOptionsOf(kernel))
      throw new PorticoError('UNIVERSAL_PROVIDER_FAILED', MESSAGES.universalProviderFailed, { cause: error })
    },
  )
  runtime.provider = pending
  return pending
}
