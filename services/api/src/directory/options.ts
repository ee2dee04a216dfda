import { DEFAULT_DATA_DIR } from './catalogue.ts'

/**
 * dev: the invented fixture directory (data files); database: the wallets an operator imported;
 * upstream: a directory file read from PORTICO_WALLET_DIRECTORY_URL and refreshed.
 */
export const DIRECTORY_SOURCES = ['dev', 'database', 'upstream'] as const
export type DirectorySource = (typeof DIRECTORY_SOURCES)[number]

export interface DirectoryOptions {
  /** Which wallet list GET /getWallets serves (default dev). */
  source: DirectorySource
  /** The upstream directory file (source upstream): http(s). */
  upstreamUrl: string | null
  /** How often the upstream is read again; a failed reading keeps the last good one. */
  upstreamRefreshMs: number
  /** How long one upstream reading may take. */
  upstreamTimeoutMs: number
  /**
   * Where the network, currency and token images live, and in dev the fixture wallets.json and
   * wallet icons (default services/api/test/fixtures/dev-directory).
   */
  dataDir: string
  /** What GET /getAnalyticsConfig answers; POST /e stores events either way. */
  analyticsEnabled: boolean
  /** Per project: JSON calls (getWallets, analytics) and image calls are limited separately. */
  rateLimit: { perSecond: number; burst: number }
  imageRateLimit: { perSecond: number; burst: number }
}

const OFF = ['0', 'off', 'false', 'no']

/**
 * PORTICO_WALLET_DIRECTORY: dev|database|upstream; PORTICO_WALLET_DIRECTORY_URL and
 * PORTICO_WALLET_DIRECTORY_REFRESH_S: the upstream; PORTICO_WALLET_DATA_DIR: the data directory;
 * PORTICO_ANALYTICS: off|false|0|no turns the analytics config off (default on).
 */
export function directoryOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<DirectoryOptions> {
  const source = env.PORTICO_WALLET_DIRECTORY
  if (source !== undefined && !DIRECTORY_SOURCES.some((s) => s === source))
    throw new Error(`PORTICO_WALLET_DIRECTORY: expected ${DIRECTORY_SOURCES.join(' or ')}, got "${source}"`)
  const url = env.PORTICO_WALLET_DIRECTORY_URL
  if (url !== undefined && !/^https?:\/\/\S+$/.test(url))
    throw new Error(`PORTICO_WALLET_DIRECTORY_URL: expected an http(s) URL, got "${url}"`)
  const refresh = env.PORTICO_WALLET_DIRECTORY_REFRESH_S
  if (refresh !== undefined && !(Number.isSafeInteger(Number(refresh)) && Number(refresh) >= 1))
    throw new Error(`PORTICO_WALLET_DIRECTORY_REFRESH_S: expected an integer ≥ 1, got "${refresh}"`)
  if (source === 'upstream' && !url)
    throw new Error('PORTICO_WALLET_DIRECTORY=upstream needs PORTICO_WALLET_DIRECTORY_URL')
  return {
    ...(source ? { source: source as DirectorySource } : {}),
    ...(url ? { upstreamUrl: url } : {}),
    ...(refresh ? { upstreamRefreshMs: Number(refresh) * 1000 } : {}),
    ...(env.PORTICO_WALLET_DATA_DIR ? { dataDir: env.PORTICO_WALLET_DATA_DIR } : {}),
    ...(env.PORTICO_ANALYTICS
      ? { analyticsEnabled: !OFF.includes(env.PORTICO_ANALYTICS.toLowerCase()) }
      : {}),
  }
}

export function resolveDirectoryOptions(
  input: Partial<DirectoryOptions> = {},
  fallbackRateLimit?: DirectoryOptions['rateLimit'],
): DirectoryOptions {
  return {
    source: input.source ?? 'dev',
    upstreamUrl: input.upstreamUrl ?? null,
    upstreamRefreshMs: input.upstreamRefreshMs ?? 3_600_000,
    upstreamTimeoutMs: input.upstreamTimeoutMs ?? 30_000,
    dataDir: input.dataDir ?? DEFAULT_DATA_DIR,
    analyticsEnabled: input.analyticsEnabled ?? true,
    rateLimit: input.rateLimit ?? fallbackRateLimit ?? { perSecond: 50, burst: 200 },
    // A page of the wallet list shows 40 icons at once; browsers cache them (immutable).
    imageRateLimit: input.imageRateLimit ?? { perSecond: 400, burst: 800 },
  }
}
