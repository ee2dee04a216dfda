import {
  BOTH_SIWE_AND_SIWX,
  DEFAULT_FEATURES,
  DEFAULT_Z_INDEX,
  type ModalOptions,
  type ResolvedOptions,
} from '@portico/shared-types'
import { UsageError } from './errors/usage.ts'
import { checkPaymasterServices } from './paymasterServices.ts'

const DEFAULT_PLUGIN_LOAD_TIMEOUT_MS = 10_000

/** Merges app options over the behaviour reference defaults; throws on configurations that cannot work. */
export function resolveOptions(options: ModalOptions): ResolvedOptions {
  if (!options.networks || options.networks.length === 0) {
    throw new UsageError('CONFIG_NO_NETWORKS', 'Portico: `networks` needs at least one network')
  }
  if ('siweConfig' in options && options.siwx)
    throw new UsageError('CONFIG_SIWE_AND_SIWX', BOTH_SIWE_AND_SIWX)
  const { features, themeMode: _mode, themeVariables, ...rest } = options
  return {
    ...rest,
    ...(options.paymasterServices === undefined
      ? {}
      : { paymasterServices: checkPaymasterServices(options.paymasterServices) }),
    enableEIP6963: options.enableEIP6963 ?? true,
    enableInjected: options.enableInjected ?? true,
    features: { ...DEFAULT_FEATURES, ...features },
    zIndex: Number(themeVariables?.['--w3m-z-index'] ?? DEFAULT_Z_INDEX),
    pluginLoadTimeoutMs: options.pluginLoadTimeoutMs ?? DEFAULT_PLUGIN_LOAD_TIMEOUT_MS,
  }
}
