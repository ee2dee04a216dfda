/**
 * The Content-Security-Policy the stack serves the demo's builds and the plain-HTML host under: no inline
 * script or style without the response's nonce, no style attributes, script URLs only through Trusted
 * Types policies Portico names, and requests, frames and images only to the
 * origins the page's configuration names (its environment and, in the test build, the query's
 * overrides: `?apiUrl=` and the others point the page at a spec's own server, so the policy names it).
 */
import { randomBytes } from 'node:crypto'
import { PLUGIN_FEATURE_IDS } from '../../shared-types/src/options.ts'
import {
  STANDALONE_TRUSTED_TYPES_POLICY,
  trustedTypesPolicyNames,
} from '../../shared-types/src/trustedTypes.ts'

/** The part of the demo environment (demoPage.ts demoEnvironment) whose origins the page uses. */
export interface DemoCspEnvironment {
  pluginBaseUrl: string
  relayUrl?: string
  apiUrl?: string
  walletDirectoryUrl?: string
  authFrameUrl?: string
  chains: { rpcUrl: string }[]
  solana?: { rpcUrl: string }
}

/** The test build's query overrides that point the page at other servers (hosts/demo/src/queryOverrides.ts). */
const URL_OVERRIDES = ['apiUrl', 'relayUrl', 'walletDirectoryUrl', 'authFrameUrl'] as const

/** A fresh nonce per response: one a page could predict would let injected markup in. */
export const cspNonce = (): string => randomBytes(16).toString('base64')

function originOf(url: string | undefined): string[] {
  if (!url) return []
  try {
    const parsed = new URL(url)
    return /^(https?|wss?):$/.test(parsed.protocol) ? [parsed.origin] : []
  } catch {
    return []
  }
}

const unique = (values: string[]) => [...new Set(values)]

/** A plugin id the test build's query may name (`plugin.<id>=`): the policy names only well-formed ones. */
const PLUGIN_ID = /^[A-Za-z0-9_-]{1,64}$/

export function demoContentSecurityPolicy(env: DemoCspEnvironment, search: string, nonce: string): string {
  const query = new URLSearchParams(search)
  const chosen = (key: (typeof URL_OVERRIDES)[number]) => query.get(key) || env[key]
  const api = [...originOf(chosen('apiUrl')), ...originOf(chosen('walletDirectoryUrl'))]
  const pluginOverrides = [...query].filter(([key]) => key.startsWith('plugin.'))
  const plugins = [...originOf(env.pluginBaseUrl), ...pluginOverrides.flatMap(([, value]) => originOf(value))]
  // Trusted Types: script URLs only through the kernel's policy, each plugin's chunk loader's and the
  // standalone build's (shared-types/src/trustedTypes.ts); no other script may make a policy.
  const overrideIds = pluginOverrides
    .map(([key]) => key.slice('plugin.'.length))
    .filter((id) => PLUGIN_ID.test(id))
  const policies = [
    ...trustedTypesPolicyNames([...PLUGIN_FEATURE_IDS, ...overrideIds]),
    STANDALONE_TRUSTED_TYPES_POLICY,
  ]
  const connect = unique([
    "'self'",
    ...plugins,
    ...api,
    ...originOf(chosen('relayUrl')),
    ...env.chains.flatMap((chain) => originOf(chain.rpcUrl)),
    ...originOf(env.solana?.rpcUrl),
  ])
  return [
    "default-src 'self'",
    // Scripts the nonce'd ones load (chunks, plugin remotes) are trusted through them.
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'none'",
    `connect-src ${connect.join(' ')}`,
    `frame-src ${unique(originOf(chosen('authFrameUrl'))).join(' ') || "'none'"}`,
    // Wallets announce their icons as data: images; the directory's and tokens' come from the API.
    `img-src ${unique(["'self'", 'data:', ...api]).join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "require-trusted-types-for 'script'",
    `trusted-types ${policies.join(' ')}`,
  ].join('; ')
}

/** Puts the response's nonce on every script and style element of a page the server renders. */
export const stampNonce = (html: string, nonce: string): string =>
  html.replace(/<(script|style)(?=[\s>])/gi, `<$1 nonce="${nonce}"`)
