import { DEFAULT_DATA_DIR } from './catalogue.ts'

export interface DirectoryOptions {
  /** Where wallets.json and the SVG images live (default services/api/data). */
  dataDir: string
  /** What GET /getAnalyticsConfig answers; POST /e stores events either way. */
  analyticsEnabled: boolean
  /** Per project: JSON calls (getWallets, analytics) and image calls are limited separately. */
  rateLimit: { perSecond: number; burst: number }
  imageRateLimit: { perSecond: number; burst: number }
}

const OFF = ['0', 'off', 'false', 'no']

/**
 * PORTICO_WALLET_DATA_DIR: the catalogue directory; PORTICO_ANALYTICS: off|false|0|no turns the
 * analytics config off (default on).
 */
export function directoryOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<DirectoryOptions> {
  return {
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
    dataDir: input.dataDir ?? DEFAULT_DATA_DIR,
    analyticsEnabled: input.analyticsEnabled ?? true,
    rateLimit: input.rateLimit ?? fallbackRateLimit ?? { perSecond: 50, burst: 200 },
    // A page of the wallet list shows 40 icons at once; browsers cache them (immutable).
    imageRateLimit: input.imageRateLimit ?? { perSecond: 400, burst: 800 },
  }
}
