/**
 * A remote's `mf-manifest.json` (built by build/pluginManifest.ts): Module Federation's manifest plus a
 * `portico` object with the plugin id, api range, version and the SRI hash of every JS file. Parsed
 * as hostile input: bounded size and counts, every file on the manifest's own origin.
 */

import type { ConnectMethodPreview, PluginLoadOn } from '@portico/shared-types/plugin'
import { boundedText } from '../api/boundedText.ts'
import { InvalidManifestError, PluginLoadError, RemoteUnavailableError } from './errors.ts'
import { parseLoadOn, parsePreview } from './manifestPreview.ts'

export const MANIFEST_FILE = 'mf-manifest.json'
export const MAX_MANIFEST_BYTES = 256 * 1024
const MAX_FILES = 256
const SRI = /^(sha256|sha384|sha512)-[A-Za-z0-9+/]{43,86}={0,2}$/
const PLUGIN_ID = /^[A-Za-z0-9_-]{1,64}$/
const SHORT_TEXT = /^[\x21-\x7e ]{1,64}$/

export interface PluginManifest {
  id: string
  api: string
  version: string
  /** Absolute URL of the remote entry. */
  entryUrl: string
  /** SRI of the entry. */
  entryIntegrity: string
  /** SRI of every JS file of the remote (entry included), by absolute URL. */
  files: Map<string, string>
  /**
   * The files the entry loads at once for its exposed modules (Module Federation's `exposes[].assets.js.sync`),
   * by absolute URL, each one with an SRI in `files`: what a load uses right away, so the only chunks worth a
   * preload link. Lazy chunks (a view's body) are left to when they are needed.
   */
  loadFiles: string[]
  /** What the Connect view paints before the code loads (manifestPreview.ts). */
  preview?: ConnectMethodPreview
  loadOn?: PluginLoadOn
}

/** The manifest URL for a configured remote URL: the URL itself if it is a .json, else its sibling. */
export function manifestUrlFor(remoteUrl: string): string {
  const url = new URL(remoteUrl)
  return url.pathname.endsWith('.json') ? url.href : new URL(MANIFEST_FILE, url).href
}

const manifestError = (message: string) => new InvalidManifestError(`invalid ${MANIFEST_FILE}: ${message}`)
const fail = (message: string): never => {
  throw manifestError(message)
}

function text(value: unknown, name: string, pattern: RegExp): string {
  if (typeof value !== 'string' || !pattern.test(value)) fail(`"${name}" is missing or malformed`)
  return value as string
}

/** A file named by the manifest, resolved against it; it must stay on the manifest's origin. */
function sameOriginUrl(file: string, manifestUrl: string): string {
  const base = new URL(manifestUrl)
  let url: URL | undefined
  try {
    url = new URL(file, base)
  } catch {
    fail(`file "${file.slice(0, 80)}" is not a URL`)
  }
  if (!url || url.origin !== base.origin) fail(`file "${file.slice(0, 80)}" is not on ${base.origin}`)
  return (url as URL).href
}

export function parseManifest(body: string, manifestUrl: string): PluginManifest {
  if (body.length > MAX_MANIFEST_BYTES) fail(`larger than ${MAX_MANIFEST_BYTES} bytes`)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    fail('not JSON')
  }
  const portico = (json as { portico?: unknown } | null)?.portico
  if (typeof portico !== 'object' || portico === null)
    fail('no "portico" object (id, api, version, integrity)')
  const fields = portico as Record<string, unknown>
  const id = text(fields.id, 'id', PLUGIN_ID)
  const api = text(fields.api, 'api', SHORT_TEXT)
  const version = text(fields.version, 'version', SHORT_TEXT)
  const entry = text(fields.entry, 'entry', /^[^\s]{1,200}$/)
  const integrity = fields.integrity
  if (typeof integrity !== 'object' || integrity === null || Array.isArray(integrity)) fail('no "integrity"')
  const pairs = Object.entries(integrity as Record<string, unknown>)
  if (pairs.length > MAX_FILES) fail(`more than ${MAX_FILES} files`)
  const files = new Map<string, string>()
  for (const [file, hash] of pairs) {
    if (typeof hash !== 'string' || !SRI.test(hash))
      fail(`integrity of "${file.slice(0, 80)}" is not an SRI hash`)
    files.set(sameOriginUrl(file, manifestUrl), hash as string)
  }
  const entryUrl = sameOriginUrl(entry, manifestUrl)
  const entryIntegrity = files.get(entryUrl) ?? fail(`no integrity for the entry "${entry}"`)
  const preview = parsePreview(fields.preview)
  const loadOn = parseLoadOn(fields.loadOn)
  return {
    id,
    api,
    version,
    entryUrl,
    entryIntegrity,
    files,
    loadFiles: exposedSyncFiles(json, manifestUrl, files),
    ...(preview ? { preview } : {}),
    ...(loadOn ? { loadOn } : {}),
  }
}

/** `exposes[].assets.js.sync` of a Module Federation manifest, kept only where `files` has its hash. */
function exposedSyncFiles(json: unknown, manifestUrl: string, files: Map<string, string>): string[] {
  const exposes = (json as { exposes?: unknown }).exposes
  if (!Array.isArray(exposes)) return []
  const out = new Set<string>()
  for (const expose of exposes.slice(0, MAX_FILES)) {
    const sync = (expose as { assets?: { js?: { sync?: unknown } } } | null)?.assets?.js?.sync
    if (!Array.isArray(sync)) continue
    for (const file of sync.slice(0, MAX_FILES)) {
      if (typeof file !== 'string') continue
      let url: string
      try {
        url = new URL(file, manifestUrl).href
      } catch {
        continue
      }
      if (files.has(url)) out.add(url)
    }
  }
  return [...out]
}

/** Fetches a remote's manifest past every cache (a redeployed plugin is seen on the next page load). */
export async function fetchManifest(manifestUrl: string, signal?: AbortSignal): Promise<PluginManifest> {
  const response = await fetch(manifestUrl, {
    cache: 'no-cache',
    credentials: 'omit',
    redirect: 'error',
    ...(signal ? { signal } : {}),
  })
  if (response.status === 404 || response.status === 410) {
    throw new RemoteUnavailableError(`no remote deployed at ${manifestUrl} (HTTP ${response.status})`)
  }
  if (!response.ok)
    throw new PluginLoadError('PLUGIN_HTTP_STATUS', `${manifestUrl} answered HTTP ${response.status}`)
  const text = await boundedText(response, MAX_MANIFEST_BYTES, () =>
    manifestError(`larger than ${MAX_MANIFEST_BYTES} bytes`),
  )
  return parseManifest(text, manifestUrl)
}
