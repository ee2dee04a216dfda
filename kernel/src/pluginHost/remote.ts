import { PLUGIN_API_VERSION } from '@portico/shared-types/plugin'
import { simpleSatisfies } from './apiRange.ts'
import { InvalidManifestError, PluginLoadError, RemoteRefusedError } from './errors.ts'
import { apiSatisfies, evaluateRemote, prepareFederation } from './federation.ts'
import { fetchManifest, manifestUrlFor, type PluginManifest } from './manifest.ts'
import { assertAllowedOrigin, assertIntegrityPin } from './trust.ts'

export interface RemoteRequest {
  id: string
  url: string
  /** Host-config pin of the entry's SRI hash. */
  integrity?: string
  allowed: Set<string>
}

/**
 * Fetches and checks a remote's manifest, before any of its code runs: allowed origin, plugin id and the
 * host's integrity pin when there is one, and its api range when it is one of the usual forms
 * (apiRange.ts; any other is checked when it loads, by assertApiRange). Resolves to the manifest to load.
 */
export async function checkRemote(request: RemoteRequest): Promise<PluginManifest> {
  const refuse = (message: string, cause?: unknown): never => {
    throw new RemoteRefusedError(message, cause === undefined ? {} : { cause })
  }
  // Both throw RemoteRefusedError themselves.
  assertAllowedOrigin(request.url, request.allowed)
  assertIntegrityPin(request.integrity)
  const manifestUrl = manifestUrlFor(request.url)
  const manifest = await fetchManifest(manifestUrl).catch((error: unknown) =>
    error instanceof InvalidManifestError ? refuse(error.message, error) : Promise.reject(error),
  )
  if (manifest.id !== request.id) refuse(`its manifest declares plugin id "${manifest.id}"`)
  // The usual ranges are decided here, before the entry is read; others when the remote loads.
  if (simpleSatisfies(PLUGIN_API_VERSION, manifest.api) === false) refuse(apiMismatch(manifest))
  if (request.integrity && request.integrity !== manifest.entryIntegrity) {
    refuse(`its entry hash ${manifest.entryIntegrity} differs from the host's integrity ${request.integrity}`)
  }
  return manifest
}

/**
 * The entry URL to load: the manifest's entry with a version tag from its hash, so a redeployed entry at
 * the same URL is never served from an old cache entry.
 */
export function versionedEntryUrl(manifest: PluginManifest): string {
  const url = new URL(manifest.entryUrl)
  url.searchParams.set('v', manifest.entryIntegrity.slice(7, 23).replace(/[+/]/g, '_'))
  return url.href
}

const preloaded = new Set<string>()
/** One read of each entry per page, shared by a preload and the load that follows it. */
const entryChecks = new Map<string, Promise<void>>()

function checkEntryOnce(manifest: PluginManifest): Promise<void> {
  const key = versionedEntryUrl(manifest)
  let check = entryChecks.get(key)
  if (!check) {
    check = assertChunksPinned(manifest)
    entryChecks.set(key, check)
    // A failed read is tried again by the next load (the retry on the next open).
    check.catch(() => entryChecks.delete(key))
  }
  return check
}

/**
 * Warms the cache for a load: the entry is read by the same checked fetch the load awaits (not a second,
 * racing download). `withChunks` (when the load is starting) adds preload links, with the integrity and CORS
 * mode the entry's script tags use, for the chunks of the exposed modules only (`loadFiles`): the ones the
 * load uses at once. Lazy chunks never get one (a preload not used within seconds is a console warning and
 * bandwidth spent on what may never run). `withEntry: false` when the load is about to read the entry itself.
 */
export function preloadRemote(manifest: PluginManifest, { withEntry = true, withChunks = false } = {}): void {
  if (withEntry) checkEntryOnce(manifest).catch(() => undefined)
  if (!withChunks) return
  for (const href of manifest.loadFiles) {
    const integrity = manifest.files.get(href)
    if (href === manifest.entryUrl || !integrity || preloaded.has(href)) continue
    preloaded.add(href)
    const link = document.createElement('link')
    link.rel = 'preload'
    link.as = 'script'
    link.href = href
    link.integrity = integrity
    link.crossOrigin = 'anonymous'
    document.head.append(link)
  }
}

const apiMismatch = (manifest: PluginManifest) =>
  `its manifest needs plugin API ${manifest.api}, this kernel provides ${PLUGIN_API_VERSION}`

/**
 * Refuses a remote whose manifest api range this kernel does not satisfy. Called by the load before
 * any of the remote's files is requested. A usual range is decided without the federation runtime
 * (apiRange.ts), so the remote's files are requested alongside the runtime, not after it; any other
 * takes the runtime's full semver, which a manifest read only to paint or preload must not fetch.
 */
export async function assertApiRange(manifest: PluginManifest): Promise<void> {
  const satisfied =
    simpleSatisfies(PLUGIN_API_VERSION, manifest.api) ??
    (await apiSatisfies(PLUGIN_API_VERSION, manifest.api))
  if (!satisfied) throw new RemoteRefusedError(apiMismatch(manifest))
}

/**
 * Loads a checked remote (its api range asserted) and resolves to what it exports, which the host checks
 * like a bundled definition; on failure, tells an integrity mismatch apart from a network failure.
 */
export async function loadCheckedRemote(id: string, manifest: PluginManifest): Promise<unknown> {
  try {
    // The runtime comes while the entry is read and checked: neither waits for the other.
    prepareFederation()
    await checkEntryOnce(manifest)
    return await evaluateRemote(id, versionedEntryUrl(manifest), manifest.entryIntegrity)
  } catch (error) {
    if (error instanceof RemoteRefusedError) throw error
    const mismatch = await findMismatch(manifest)
    if (mismatch)
      throw new RemoteRefusedError(
        `${mismatch} does not match its integrity hash (tampered or half-deployed)`,
      )
    throw error
  }
}

/**
 * The entry loads its chunks itself, so their integrity is enforced only if the entry sets it: every
 * chunk's hash must be written in the entry (SubresourceIntegrityPlugin; build/pluginRemote.ts does it).
 * The entry is read with its integrity, so the bytes checked are the bytes the script tag will run.
 */
async function assertChunksPinned(manifest: PluginManifest): Promise<void> {
  const chunks = [...manifest.files].filter(([url]) => url !== manifest.entryUrl)
  if (chunks.length === 0) return
  // Same request mode as the preload link and the script tag (crossorigin="anonymous": cors, no cookies
  // cross-origin), so the three share one cached copy instead of downloading the entry again.
  const response = await fetch(versionedEntryUrl(manifest), {
    mode: 'cors',
    credentials: 'same-origin',
    integrity: manifest.entryIntegrity,
  })
  if (!response.ok)
    throw new PluginLoadError('PLUGIN_HTTP_STATUS', `${manifest.entryUrl} answered HTTP ${response.status}`)
  const entry = await response.text()
  const unpinned = chunks.find(([, integrity]) => !entry.includes(integrity))
  if (unpinned) {
    const file = new URL(unpinned[0]).pathname.split('/').pop()
    throw new RemoteRefusedError(
      `its entry loads ${file} without integrity (build the remote with SubresourceIntegrityPlugin)`,
    )
  }
}

const MAX_DIAGNOSED_FILES = 16

/** The first file of the remote whose bytes do not hash to the manifest's value (after a failed load). */
async function findMismatch(manifest: PluginManifest): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined
  for (const [url, integrity] of [...manifest.files].slice(0, MAX_DIAGNOSED_FILES)) {
    const [algorithm = '', expected] = integrity.split('-')
    try {
      const response = await fetch(url, { cache: 'no-cache', credentials: 'omit' })
      if (!response.ok) continue
      const digest = await crypto.subtle.digest(
        algorithm.replace('sha', 'SHA-'),
        await response.arrayBuffer(),
      )
      const actual = btoa(String.fromCharCode(...new Uint8Array(digest)))
      if (actual !== expected) return new URL(url).pathname.split('/').pop() ?? url
    } catch {}
  }
  return undefined
}
