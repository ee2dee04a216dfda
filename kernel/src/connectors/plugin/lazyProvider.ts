import type { ConnectorProvider } from '@portico/shared-types/plugin'
import { WalletError } from '../errors.ts'

type Listener = (...args: never[]) => void

/**
 * An EIP-1193 provider whose implementation is loaded on the first request (a plugin connector's
 * heavy code). Listeners added before that are attached once it has loaded. Account details are the
 * loaded provider's (none before); smart-account networks load it.
 */
export function lazyProvider(load: () => Promise<ConnectorProvider>): ConnectorProvider {
  let loading: Promise<ConnectorProvider> | undefined
  let loaded: ConnectorProvider | undefined
  const early: [string, Listener][] = []
  const ensure = () => {
    loading ??= load().then(
      (provider) => {
        if (typeof provider?.request !== 'function')
          throw new WalletError('WALLET_NO_PROVIDER', 'the connector loaded no EIP-1193 provider')
        loaded = provider
        for (const [event, listener] of early.splice(0)) provider.on?.(event, listener)
        return provider
      },
      (error: unknown) => {
        loading = undefined // a failed download is retried on the next request
        throw error
      },
    )
    return loading
  }
  return {
    request: async (args) => (await ensure()).request(args),
    accountDetails: () => loaded?.accountDetails?.(),
    smartAccountEnabledNetworks: async () => {
      const provider = await ensure()
      return typeof provider.smartAccountEnabledNetworks === 'function'
        ? provider.smartAccountEnabledNetworks()
        : []
    },
    on(event, listener) {
      if (loaded) loaded.on?.(event, listener)
      else early.push([event, listener])
    },
    removeListener(event, listener) {
      if (loaded) loaded.removeListener?.(event, listener)
      const index = early.findIndex(([name, fn]) => name === event && fn === listener)
      if (index !== -1) early.splice(index, 1)
    },
  }
}
