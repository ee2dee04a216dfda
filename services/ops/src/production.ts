/**
 * Production mode: a service started for real users refuses every dev default it was left with. The
 * refusal is one error naming all of them, so an operator fixes the configuration in one pass instead
 * of one restart per missing secret.
 */

/** `PORTICO_ENV=production` or `NODE_ENV=production`. */
export function isProduction(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.PORTICO_ENV === 'production' || env.NODE_ENV === 'production'
}

/** One dev default left in a production configuration: its name and what to set instead. */
export interface DevDefault {
  /** The dev default by name, e.g. `the dev project id "portico-dev"`. */
  name: string
  /** What replaces it, e.g. `set PORTICO_PROJECTS to your projects and their origins`. */
  fix: string
}

export class DevDefaultsRefused extends Error {
  declare readonly problems: readonly DevDefault[]
  constructor(service: string, problems: readonly DevDefault[]) {
    super(
      `${service} refuses to start in production (PORTICO_ENV or NODE_ENV=production) with ${problems.length} dev default${problems.length === 1 ? '' : 's'}:\n${problems
        .map((p, i) => `  ${i + 1}. ${p.name}: ${p.fix}`)
        .join('\n')}`,
    )
    this.name = 'DevDefaultsRefused'
    // Not enumerable: a CLI that dies of this prints the list once (the message), not again as a dump.
    Object.defineProperty(this, 'problems', { value: problems, enumerable: false })
  }
}

/** Throws one DevDefaultsRefused listing every problem; nothing when there are none. */
export function refuseDevDefaults(service: string, problems: readonly DevDefault[]): void {
  if (problems.length > 0) throw new DevDefaultsRefused(service, problems)
}

/**
 * Runs each check and collects what it reports, so a check that throws (a malformed key, a file that
 * cannot be read) becomes one more listed problem instead of hiding the others.
 */
export function collectDevDefaults(checks: Array<() => DevDefault | DevDefault[] | undefined>): DevDefault[] {
  const problems: DevDefault[] = []
  for (const check of checks) {
    try {
      const found = check()
      if (Array.isArray(found)) problems.push(...found)
      else if (found) problems.push(found)
    } catch (err) {
      problems.push({ name: 'an invalid setting', fix: (err as Error).message })
    }
  }
  return problems
}

/**
 * For tests: the refusal a start-up ended with. A start that succeeds, or fails for another reason,
 * is an error (a started server would be left running, so the caller's start must be refused).
 */
export async function refusalOf(start: Promise<unknown>): Promise<DevDefaultsRefused> {
  let started: unknown
  try {
    started = await start
  } catch (err) {
    if (err instanceof DevDefaultsRefused) return err
    throw err
  }
  await (started as { close?: () => Promise<void> } | undefined)?.close?.()
  throw new Error('expected start-up to refuse dev defaults, but it started')
}
