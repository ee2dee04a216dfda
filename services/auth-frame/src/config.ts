import { join } from 'node:path'
import type { Mailer } from './email/mailer.ts'
import type { SmartAccountProvider } from './smart-account-seam.ts'
import type { SocialProvider } from './social-seam.ts'

const PACKAGE_DIR = join(import.meta.dirname, '..')

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string /** Schema created and used; default `auth_frame`. */; schema?: string }

export interface FrameChain {
  chainId: number
  rpcUrl: string
  name?: string
}

export interface FrameSolana {
  /** CAIP-2 id, `solana:<reference>`. */
  networkId: string
  rpcUrl: string
}

export interface RateLimit {
  max: number
  windowMs: number
}

export interface AuthFrameConfig {
  host: string
  port: number
  /** The frame's own origin as browsers see it (default http://<host>:<port>). */
  publicUrl?: string
  /** projectId → origins allowed to embed the frame (exact `scheme://host:port`). */
  projects: Record<string, { allowedOrigins: string[] }>
  chains: FrameChain[]
  solana?: FrameSolana
  database: DatabaseConfig
  /** 32-byte AES-256-GCM key for keys at rest: hex (64 chars) or base64. Else `serverKeyFile`. */
  serverKey?: string
  /** Where the dev key is read from or generated (mode 0600) when `serverKey` is not set. */
  serverKeyFile: string
  /**
   * Serves GET /dev/mailbox (JSON) and /dev/mailbox.html and stores sent mail in the database (default
   * off: it shows everyone's codes; the dev stack turns it on).
   */
  devMailbox: boolean
  /** Sends mail when the dev mailbox is off. */
  mailer?: Mailer
  otp: { ttlMs: number; maxAttempts: number }
  /** SPEC §5 allowed-to-trigger rule: email sends per address and per client IP. */
  emailRateLimit: { perEmail: RateLimit; perIp: RateLimit }
  /** How long CONNECT_DEVICE waits for the mailbox link before answering an error (SPEC §9: 30 s). */
  deviceWaitMs: number
  sessionTtlMs: number
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /** Behind a reverse proxy: take the client IP (per-IP email limit) from X-Forwarded-For. */
  trustProxy: boolean
  /** Seam for helper D (src/smart-account/): ERC-4337 accounts over the user's EOA key. */
  smartAccounts?: SmartAccountProvider
  /** Seam for helper C (src/social/): social and farcaster login. */
  social?: SocialProvider
}

export type AuthFrameConfigInput = Partial<Omit<AuthFrameConfig, 'otp' | 'emailRateLimit'>> & {
  otp?: Partial<AuthFrameConfig['otp']>
  emailRateLimit?: Partial<AuthFrameConfig['emailRateLimit']>
}

export const DEFAULT_PORT = 4200
export const DEFAULT_PROJECT_ID = 'portico-dev'

export function defaultSqliteFile(port: number): string {
  return join(PACKAGE_DIR, '.data', `auth-frame-${port}.sqlite`)
}

export function resolveConfig(input: AuthFrameConfigInput = {}): AuthFrameConfig {
  const port = input.port ?? DEFAULT_PORT
  return {
    host: input.host ?? '127.0.0.1',
    port,
    ...(input.publicUrl !== undefined && { publicUrl: input.publicUrl }),
    projects: input.projects ?? {
      [DEFAULT_PROJECT_ID]: { allowedOrigins: ['http://localhost:4173', 'http://127.0.0.1:4173'] },
    },
    chains: input.chains ?? [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
    ...(input.solana !== undefined && { solana: input.solana }),
    database: input.database ?? { kind: 'sqlite', file: defaultSqliteFile(port) },
    ...(input.serverKey !== undefined && { serverKey: input.serverKey }),
    serverKeyFile: input.serverKeyFile ?? join(PACKAGE_DIR, '.data', 'server-key'),
    // Off unless asked for: the dev mailbox shows everyone's codes.
    devMailbox: input.devMailbox ?? false,
    ...(input.mailer !== undefined && { mailer: input.mailer }),
    otp: { ttlMs: 10 * 60_000, maxAttempts: 5, ...input.otp },
    emailRateLimit: {
      perEmail: { max: 5, windowMs: 15 * 60_000 },
      perIp: { max: 30, windowMs: 15 * 60_000 },
      ...input.emailRateLimit,
    },
    deviceWaitMs: input.deviceWaitMs ?? 25_000,
    sessionTtlMs: input.sessionTtlMs ?? 30 * 86_400_000,
    logLevel: input.logLevel ?? 'warn',
    trustProxy: input.trustProxy ?? false,
    ...(input.smartAccounts !== undefined && { smartAccounts: input.smartAccounts }),
    ...(input.social !== undefined && { social: input.social }),
  }
}
