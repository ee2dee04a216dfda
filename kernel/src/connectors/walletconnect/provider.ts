/**
 * The only module that imports @walletconnect/universal-provider. It is loaded with `import()` when
 * WalletConnect is chosen or a stored WalletConnect session is restored, so the SDK is a lazy chunk.
 */
import UniversalProvider from '@walletconnect/universal-provider'
import type { SdkStorage } from './sdkStorage.ts'

export interface ProviderConfig {
  projectId: string
  /** Unset: the SDK's hosted relay. */
  relayUrl?: string
  metadata: { name: string; description: string; url: string; icons: string[] }
  debug: boolean
  /** The SDK's storage (./sdkStorage.ts); unset: the SDK's default. */
  storage?: SdkStorage
}

export type WalletConnectProvider = UniversalProvider

export async function createUniversalProvider(config: ProviderConfig): Promise<UniversalProvider> {
  const provider = await UniversalProvider.init({
    projectId: config.projectId,
    ...(config.relayUrl ? { relayUrl: config.relayUrl } : {}),
    metadata: config.metadata,
    // No telemetry batches to the hosted pulse API.
    telemetryEnabled: false,
    logger: config.debug ? 'warn' : 'silent',
    ...(config.storage ? { storage: config.storage } : {}),
  })
  // The Verify attestation is a hidden iframe to the hosted Verify API; without it every connect and
  // request would wait its 5 s timeout. Wallets get an empty attestation, as from our relay.
  provider.client.core.verify.register = async () => ''
  return provider
}
