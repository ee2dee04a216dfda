/** Readiness: whether the dependencies a service needs to answer (database, chain RPC, SMTP…) answer. */

export type ReadyChecks = Record<string, () => Promise<unknown>>

export interface ReadyReport {
  ok: boolean
  /** Per dependency: 'ok' or 'failing' (details go to the log, not to whoever asks). */
  checks: Record<string, 'ok' | 'failing'>
}

/** Runs every check at once, each bounded by `timeoutMs` so a hung dependency answers "failing". */
export async function runReadyChecks(
  checks: ReadyChecks,
  options: { timeoutMs?: number; onFailure?: (name: string, err: unknown) => void } = {},
): Promise<ReadyReport> {
  const timeoutMs = options.timeoutMs ?? 2000
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined
      try {
        await Promise.race([
          check(),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs)
          }),
        ])
        return [name, 'ok'] as const
      } catch (err) {
        options.onFailure?.(name, err)
        return [name, 'failing'] as const
      } finally {
        clearTimeout(timer)
      }
    }),
  )
  return { ok: entries.every(([, state]) => state === 'ok'), checks: Object.fromEntries(entries) }
}
