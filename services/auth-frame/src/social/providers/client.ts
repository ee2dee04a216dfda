/** openid-client configurations whose every request goes through the bounded fetch (upstream.ts). */
import * as client from 'openid-client'
import { boundedFetch, UPSTREAM_TIMEOUT_MS } from '../upstream.ts'

const fetchBounded: client.CustomFetch = (url, options) =>
  boundedFetch(url, options as unknown as RequestInit)

/** Bounds every request of the configuration; allows http only for an http (local) server. */
export function harden(config: client.Configuration, server: URL): client.Configuration {
  config[client.customFetch] = fetchBounded
  config.timeout = UPSTREAM_TIMEOUT_MS / 1000
  if (server.protocol === 'http:') client.allowInsecureRequests(config)
  return config
}

export const discoveryOptions = (server: URL): client.DiscoveryRequestOptions => ({
  [client.customFetch]: fetchBounded,
  timeout: UPSTREAM_TIMEOUT_MS / 1000,
  ...(server.protocol === 'http:' ? { execute: [client.allowInsecureRequests] } : {}),
})
