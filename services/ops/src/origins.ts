/**
 * A project's allowed app origins: the one list the API (projectIds, CORS, analytics, sign-in
 * messages) and the auth frame (who may embed it) read, from `PORTICO_PROJECTS` or `projects` in code.
 */
import type { DevDefault } from './production.ts'

/** The dev stack's project id; production refuses it. */
export const DEV_PROJECT_ID = 'portico-dev'

/** projectId → the exact origins (`scheme://host[:port]`) its apps run on. */
export type ProjectOrigins = Record<string, string[]>

const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** A bare http(s) origin as browsers send it, or an error naming `name`. */
export function parseOrigin(text: string, name: string): string {
  let url: URL | undefined
  try {
    url = new URL(text)
  } catch {
    url = undefined
  }
  if (!url || url.origin !== text || !/^https?:$/.test(url.protocol))
    throw new Error(`${name}: "${text}" is not a bare http(s) origin such as https://app.example.com`)
  return text
}

/** "https://a.example,https://www.a.example" → origins (empty entries skipped). */
export function parseOriginList(text: string, name: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((origin) => parseOrigin(origin, name))
}

/**
 * `PORTICO_PROJECTS="acme=https://app.acme.com,https://www.acme.com;beta=https://beta.example"`:
 * projects separated by `;`, each `<projectId>=<origin>[,<origin>…]`. Undefined when unset.
 */
export function projectsFromEnv(env: NodeJS.ProcessEnv = process.env): ProjectOrigins | undefined {
  const text = env.PORTICO_PROJECTS?.trim()
  if (!text) return undefined
  const projects: ProjectOrigins = {}
  for (const entry of text.split(';').filter((s) => s.trim())) {
    const at = entry.indexOf('=')
    const id = entry.slice(0, at).trim()
    if (at <= 0 || !PROJECT_ID.test(id))
      throw new Error(`PORTICO_PROJECTS: "${entry.trim()}" is not <projectId>=<origin>[,<origin>…]`)
    const origins = parseOriginList(entry.slice(at + 1), 'PORTICO_PROJECTS')
    if (origins.length === 0) throw new Error(`PORTICO_PROJECTS: project "${id}" lists no origin`)
    projects[id] = [...new Set([...(projects[id] ?? []), ...origins])]
  }
  return projects
}

/** The same projects with `extra` origins allowed for each (npm start's PORTICO_APP_ORIGINS). */
export function withExtraOrigins(projects: ProjectOrigins, extra: string[]): ProjectOrigins {
  return Object.fromEntries(
    Object.entries(projects).map(([id, origins]) => [id, [...new Set([...origins, ...extra])]]),
  )
}

/** Every origin of every project, once: the CORS list of a service all projects call. */
export function allOrigins(projects: ProjectOrigins): string[] {
  return [...new Set(Object.values(projects).flat())]
}

export function isLoopbackOrigin(origin: string): boolean {
  try {
    return LOOPBACK_HOSTS.has(new URL(origin).hostname)
  } catch {
    return false
  }
}

/**
 * What production refuses in an origin list: a wildcard, the 'localhost' shorthand, no origin at all,
 * or only loopback origins (an app on the operator's own machine, never one of real users).
 */
export function originListDevDefault(
  what: string,
  origins: readonly string[] | '*' | 'localhost',
  fix: string,
): DevDefault | undefined {
  if (origins === '*' || origins.includes('*')) return { name: `a wildcard origin list (${what}: "*")`, fix }
  if (origins === 'localhost') return { name: `a localhost-only origin list (${what}: "localhost")`, fix }
  if (origins.length === 0) return { name: `an empty origin list (${what})`, fix }
  if (origins.every(isLoopbackOrigin))
    return { name: `a localhost-only origin list (${what}: ${origins.join(', ')})`, fix }
  return undefined
}

/** The project ids and origin lists of `projects` that production refuses. */
export function projectsDevDefaults(projects: ProjectOrigins, what: string): DevDefault[] {
  const fix = 'set PORTICO_PROJECTS to your project ids and the https origins of their apps'
  const problems: DevDefault[] = []
  if (Object.keys(projects).length === 0) problems.push({ name: `no project (${what})`, fix })
  if (DEV_PROJECT_ID in projects)
    problems.push({ name: `the dev project id "${DEV_PROJECT_ID}" (${what})`, fix })
  for (const [id, origins] of Object.entries(projects)) {
    const problem = originListDevDefault(`${what}, project "${id}"`, origins, fix)
    if (problem) problems.push(problem)
  }
  return problems
}

/**
 * The dev stack's one project and where its apps may run: the demo page, plus a team's own apps from
 * `PORTICO_APP_ORIGINS` (comma-separated origins, e.g. `http://localhost:5173`).
 */
export function devStackProjects(demoOrigin: string, env: NodeJS.ProcessEnv = process.env): ProjectOrigins {
  const extra = parseOriginList(env.PORTICO_APP_ORIGINS ?? '', 'PORTICO_APP_ORIGINS')
  return withExtraOrigins({ [DEV_PROJECT_ID]: [demoOrigin] }, extra)
}
