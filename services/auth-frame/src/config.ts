import { join } from 'node:path'
import type { TrustProxy } from '@portico/api'
import { EMAIL_CODE_TTL_MS } from '@portico/shared-types'
import type { Mailer } from './email/mailer.ts'
import type { SmtpConfig } from './email/smtp.ts'
import type { PaymasterServiceConfig } from './smartAccount/sponsorship.ts'
import type { SmartAccountProvider } from './smartAccountSeam.ts'
import type { SocialProvider } from './socialSeam.ts'
import { devnetTokenList } from './tokenList.ts'

const PACKAGE_DIR = join(import.meta.dirname, '..')

export type DatabaseConfig =
  | { kind: 'sqlite'; file: string }
  | { kind: 'postgres'; url: string /** Schema created and used; default `auth_frame`. */; schema?: string }

export interface FrameChain {
  chainId: number
  rpcUrl: string
  name?: string
}

/** A contract on a network's token list (tokenList.ts). */
export interface ListedToken {
  chainId: number
  address: string
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
  /**
   * Production (PORTICO_ENV or NODE_ENV=production; default false): start-up refuses every dev
   * default at once (production.ts): a generated key, the dev mailbox, the dev project, localhost-only
   * origins, no SMTP server.
   */
  production: boolean
  host: string
  port: number
  /** The frame's own origin as browsers see it (default http://<host>:<port>). */
  publicUrl?: string
  /**
   * projectId → origins allowed to embed the frame (exact `scheme://host:port`): from PORTICO_PROJECTS,
   * the list the API reads too.
   */
  projects: Record<string, { allowedOrigins: string[] }>
  chains: FrameChain[]
  /**
   * The networks' token lists (tokenList.ts): a token the approval shows that is not on its network's
   * list is marked as such. The API's list (PORTICO_TOKENS, PORTICO_FIXTURES_FILE); default: the
   * devnet's fixture tokens on the devnet chains.
   */
  tokenList: ListedToken[]
  solana?: FrameSolana
  database: DatabaseConfig
  /** 32-byte AES-256-GCM key for keys at rest: hex (64 chars) or base64. Else `serverKeyFile`. */
  serverKey?: string
  /**
   * Where the key is read from when `serverKey` is not set (mode 0600 or stricter); outside production
   * generated there when missing. Production has no default ('' unless set).
   */
  serverKeyFile: string
  /** Old server keys (hex or base64): they only open keys sealed before a rotation (`npm run rotate-keys`). */
  oldServerKeys?: string[]
  /** Files holding old server keys, like `serverKeyFile`. */
  oldServerKeyFiles?: string[]
  /**
   * Serves GET /dev/mailbox (JSON) and /dev/mailbox.html (default off: it shows everyone's codes; the
   * dev stack turns it on). Without `smtp` (or `mailer`) it also starts a loopback SMTP receiver that
   * stores what it receives for the mailbox, and mail is sent there through the SMTP mailer.
   */
  devMailbox: boolean
  /** The SMTP server mail is sent through (README, Email). Production requires it (or `mailer`). */
  smtp?: SmtpConfig
  /** Replaces the SMTP mailer (a test seam, or an embedder's own transport); wins over `smtp`. */
  mailer?: Mailer
  otp: { ttlMs: number; maxAttempts: number }
  /** behaviour §5 allowed-to-trigger rule: email sends per address and per client IP. */
  emailRateLimit: { perEmail: RateLimit; perIp: RateLimit }
  /** How long CONNECT_DEVICE waits for the mailbox link before answering an error (behaviour §9: 30 s). */
  deviceWaitMs: number
  /** A session ends after this long unused (sliding: each use renews it, up to sessionMaxMs). */
  sessionTtlMs: number
  /** A session ends this long after the login, however much it is used. */
  sessionMaxMs: number
  /** How long the one-time approval of an unsafe request, made by the user's click in the frame, is valid. */
  approvalTtlMs: number
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  /**
   * Bearer token GET /metrics requires (PORTICO_METRICS_TOKEN). Without one /metrics is open outside
   * production and not served in production.
   */
  metricsToken?: string
  /**
   * Behind reverse proxies, which X-Forwarded-For entry is the client IP (per-IP email limit): a number
   * of trusted hops (`true` = 1: the entry the nearest proxy appended), or the proxies' addresses / CIDRs
   * (also `loopback`, `linklocal`, `uniquelocal`). false or 0: the socket address.
   */
  trustProxy: TrustProxy
  /** Seam of the smart-account module (src/smartAccount/): ERC-4337 accounts over the user's EOA key. */
  smartAccounts?: SmartAccountProvider
  /**
   * The ERC-7677 paymaster services apps may name in wallet_sendCalls (`paymasterService` capability),
   * per project and chain (PORTICO_AUTH_FRAME_PAYMASTERS). A URL not listed here is refused, never
   * fetched (smartAccount/sponsorship.ts). Default none: no app gets gas sponsored.
   */
  paymasterServices: PaymasterServiceConfig[]
  /** Seam of the social login module (src/social/): social and farcaster login. */
  social?: SocialProvider
}

export type { TrustProxy }

export type AuthFrameConfigInput = Partial<Omit<AuthFrameConfig, 'otp' | 'emailRateLimit'>> & {
  // The code's lifetime is not configurable: the code screen states it (shared-types EMAIL_CODE_TTL_MS).
  otp?: Partial<Pick<AuthFrameConfig['otp'], 'maxAttempts'>>
  emailRateLimit?: Partial<AuthFrameConfig['emailRateLimit']>
}

export const DEFAULT_PORT = 4200
export const DEFAULT_PROJECT_ID = 'portico-dev'

export function defaultSqliteFile(port: number): string {
  return join(PACKAGE_DIR, '.data', `auth-frame-${port}.sqlite`)
}

export function resolveConfig(input: AuthFrameConfigInput = {}): AuthFrameConfig {
  const port = input.port ?? DEFAULT_PORT
  // Production refuses the dev mailbox with every other dev default at start (production.ts).
  const production = input.production ?? false
  const trustProxy = input.trustProxy ?? false
  if (typeof trustProxy === 'number' && !(Number.isSafeInteger(trustProxy) && trustProxy >= 0))
    throw new Error(`trustProxy must be a number of hops (0 or more), got ${trustProxy}`)
  const chains = input.chains ?? [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }]
  return {
    production,
    host: input.host ?? '127.0.0.1',
    port,
    ...(input.publicUrl !== undefined && { publicUrl: input.publicUrl }),
    projects: input.projects ?? {
      [DEFAULT_PROJECT_ID]: { allowedOrigins: ['http://localhost:4173', 'http://127.0.0.1:4173'] },
    },
    chains,
    tokenList: input.tokenList ?? devnetTokenList(chains),
    ...(input.solana !== undefined && { solana: input.solana }),
    database: input.database ?? { kind: 'sqlite', file: defaultSqliteFile(port) },
    ...(input.serverKey !== undefined && { serverKey: input.serverKey }),
    serverKeyFile: input.serverKeyFile ?? (production ? '' : join(PACKAGE_DIR, '.data', 'server-key')),
    ...(input.oldServerKeys !== undefined && { oldServerKeys: input.oldServerKeys }),
    ...(input.oldServerKeyFiles !== undefined && { oldServerKeyFiles: input.oldServerKeyFiles }),
    // Off unless asked for: the dev mailbox shows everyone's codes.
    devMailbox: input.devMailbox ?? false,
    ...(input.smtp !== undefined && { smtp: input.smtp }),
    ...(input.mailer !== undefined && { mailer: input.mailer }),
    otp: { maxAttempts: 5, ...input.otp, ttlMs: EMAIL_CODE_TTL_MS },
    emailRateLimit: {
      perEmail: { max: 5, windowMs: 15 * 60_000 },
      perIp: { max: 30, windowMs: 15 * 60_000 },
      ...input.emailRateLimit,
    },
    deviceWaitMs: input.deviceWaitMs ?? 25_000,
    sessionTtlMs: input.sessionTtlMs ?? 86_400_000,
    sessionMaxMs: input.sessionMaxMs ?? 14 * 86_400_000,
    approvalTtlMs: input.approvalTtlMs ?? 60_000,
    logLevel: input.logLevel ?? 'warn',
    ...(input.metricsToken !== undefined && { metricsToken: input.metricsToken }),
    trustProxy,
    ...(input.smartAccounts !== undefined && { smartAccounts: input.smartAccounts }),
    paymasterServices: input.paymasterServices ?? [],
    ...(input.social !== undefined && { social: input.social }),
  }
}
