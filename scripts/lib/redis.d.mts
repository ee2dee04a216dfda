/** Types of redis.mjs (a throwaway redis-server for tests and benches). */
export interface TestRedis {
  /** redis://127.0.0.1:<port> */
  url: string
  port: number
  dir: string
  /** kill -9: no shutdown save, no goodbye to clients. */
  kill(): Promise<void>
  /** Starts it again (after kill, or stops it first) on the same port and directory. */
  restart(): Promise<void>
  /** Clean shutdown; removes the directory when startRedis made it. */
  stop(): Promise<void>
}

export interface StartRedisOptions {
  port?: number
  dir?: string
  /** Default "always": an acknowledged write is on disk. */
  appendfsync?: 'always' | 'everysec' | 'no'
}

export function ensureRedisServer(): string
export function freePort(): Promise<number>
export function waitForRedis(port: number, timeoutMs?: number): Promise<void>
export function startRedis(options?: StartRedisOptions): Promise<TestRedis>
