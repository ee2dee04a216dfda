/**
 * The blockchain API as plugins see it (ctx.services.api): every call waits for the supported-chains
 * list. The feature calls no kernel screen makes (convert, profile, onramp, sessions) and their behaviour §8
 * rules load as one chunk on the first such call, so they add nothing before the first open.
 */
import type { BlockchainApiClient, Logger } from '@portico/shared-types/plugin'
import type { BlockchainApi } from './blockchainApi.ts'
import type { PluginFeatureCalls } from './blockchainApiPluginCalls.ts'

export interface SupportedGate {
  has(caipNetworkId: string): boolean
  ready(): Promise<void>
}

export function createPluginApiClient(
  api: BlockchainApi,
  gate: SupportedGate,
  log: Pick<Logger, 'warn'>,
): BlockchainApiClient {
  const after =
    <A extends unknown[], R>(call: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      await gate.ready()
      return call(...args)
    }
  let features: Promise<PluginFeatureCalls> | undefined
  /** A failed chunk load is not remembered: the next call tries again. */
  const loadFeatures = () => {
    features ??= import(/* webpackChunkName: "api-features" */ './blockchainApiPluginCalls.ts')
      .then((module) => module.createPluginFeatureCalls(api.core, log))
      .catch((error: unknown) => {
        features = undefined
        throw error
      })
    return features
  }
  const lazy = <K extends keyof PluginFeatureCalls>(name: K): PluginFeatureCalls[K] =>
    (async (...args: unknown[]) => {
      await gate.ready()
      const call = (await loadFeatures())[name] as (...a: unknown[]) => Promise<unknown>
      return call(...args)
    }) as PluginFeatureCalls[K]

  return {
    fetchBalances: after(api.fetchBalances),
    cachedBalances: api.cachedBalances,
    fetchIdentity: after(api.fetchIdentity),
    fetchHistory: after(api.fetchHistory),
    fetchGasPrice: after(api.fetchGasPrice),
    fetchPrices: after(api.fetchPrices),
    isSupportedNetwork: gate.has,
    whenReady: gate.ready,

    convertTokens: lazy('convertTokens'),
    convertQuotes: lazy('convertQuotes'),
    convertAllowance: lazy('convertAllowance'),
    convertBuildTransaction: lazy('convertBuildTransaction'),
    convertBuildApprove: lazy('convertBuildApprove'),
    profileLookup: lazy('profileLookup'),
    profileReverse: lazy('profileReverse'),
    profileSuggestions: lazy('profileSuggestions'),
    profileRegister: lazy('profileRegister'),
    onrampOptions: lazy('onrampOptions'),
    onrampQuote: lazy('onrampQuote'),
    onrampUrl: lazy('onrampUrl'),
    getSessions: lazy('getSessions'),
    revokeSession: lazy('revokeSession'),
  }
}
