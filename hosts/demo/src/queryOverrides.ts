/**
 * TEST BUILD ONLY (dist/demo-test, served by the e2e stack and the bench): the query-string overrides
 * the e2e suite uses. Only the test build's entry (testBuildMain.ts) imports this module, so a link to
 * the demo `npm start` serves cannot load script from another host (`?plugin.<id>=`) or point the page
 * at another API, relay or directory.
 *
 *   ?features=receive:false,history:true   ?plugin.receive=<remoteEntry URL>   ?chains=31337
 *   ?apiUrl=   ?relayUrl=   ?authFrameUrl=   ?wcTimeout=3000   ?walletDirectoryUrl=   ?theme=light   ?siwxRequired=1
 *   ?themePreset=ocean   ?bitcoin=1 (the Bitcoin regtest network; off in the test build unless asked)
 *   ?solana=0 (no Solana network: eip155 only)
 *   ?paymaster=1 (gas paid by the app where the stack has a paymaster service; off unless asked)
 */
import type { DemoOverrides } from './config.ts'

export function queryOverrides(search: string): DemoOverrides {
  const query = new URLSearchParams(search)
  const overrides: DemoOverrides = {}
  const features: Record<string, boolean> = {}
  for (const pair of (query.get('features') ?? '').split(',').filter(Boolean)) {
    const [id, value] = pair.split(':')
    if (id) features[id] = value !== 'false'
  }
  if (Object.keys(features).length) overrides.features = features
  const plugins: NonNullable<DemoOverrides['plugins']> = {}
  for (const [key, value] of query)
    if (key.startsWith('plugin.')) plugins[key.slice('plugin.'.length)] = { url: value }
  if (Object.keys(plugins).length) overrides.plugins = plugins
  const chains = query.get('chains')
  if (chains) overrides.chains = chains.split(',').map(Number)
  for (const key of ['apiUrl', 'relayUrl', 'walletDirectoryUrl', 'authFrameUrl'] as const) {
    const value = query.get(key)
    if (value) overrides[key] = value
  }
  const timeout = Number(query.get('wcTimeout'))
  if (timeout > 0) overrides.walletConnectTimeoutMs = timeout
  if (query.get('theme') === 'light') overrides.themeMode = 'light'
  const preset = query.get('themePreset')
  if (preset) overrides.themePreset = preset
  if (query.get('siwxRequired') === '1') overrides.siwxRequired = true
  if (query.get('bitcoin') === '1') overrides.bitcoin = true
  if (query.get('solana') === '0') overrides.solana = false
  if (query.get('paymaster') === '1') overrides.paymaster = true
  return overrides
}
