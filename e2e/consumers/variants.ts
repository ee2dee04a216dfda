/**
 * The consumer matrix: each app template (vite-app, next-app) is installed once per variant, a set of
 * dependency ranges laid over the template's package.json. The template's own package.json and
 * package-lock.json are its default variant; every other variant has its lockfile committed at
 * `<app>/locks/<variant>.json`, made by `npx tsx e2e/consumers/lock.ts` from the same derivation
 * (`variantPackageJson`), so `npm ci` installs exactly what was locked.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { E2E_PORTS } from '../stackInfo.ts'

export type ConsumerAppName = 'vite-app' | 'next-app'

export interface ConsumerVariant {
  app: ConsumerAppName
  /** `wagmi<major>-react<major>`: also the lockfile's name and the install directory's suffix. */
  id: string
  /** Ranges that replace the template's (dependencies or devDependencies, wherever the name is). */
  ranges: Record<string, string>
}

const WAGMI_2 = { wagmi: '~2.19.5', '@wagmi/core': '~2.22.1' }
const WAGMI_3 = { wagmi: '~3.7.7', '@wagmi/core': '~3.6.5' }
const REACT_18 = {
  react: '~18.3.1',
  'react-dom': '~18.3.1',
  '@types/react': '~18.3.0',
  '@types/react-dom': '~18.3.0',
}
const REACT_19 = {
  react: '~19.2.0',
  'react-dom': '~19.2.0',
  '@types/react': '~19.2.0',
  '@types/react-dom': '~19.2.0',
}

/** The template's own package.json is this variant. */
export const DEFAULT_VARIANT_ID = 'wagmi3-react19'

/**
 * Vite covers both wagmi majors with both React majors. Next.js's App Router renders with the React
 * build Next ships (19), whatever `react` the app installs, so its rows are the two wagmi majors.
 */
export const CONSUMER_VARIANTS: readonly ConsumerVariant[] = [
  { app: 'vite-app', id: 'wagmi3-react19', ranges: { ...WAGMI_3, ...REACT_19 } },
  { app: 'vite-app', id: 'wagmi2-react19', ranges: { ...WAGMI_2, ...REACT_19 } },
  { app: 'vite-app', id: 'wagmi3-react18', ranges: { ...WAGMI_3, ...REACT_18 } },
  { app: 'vite-app', id: 'wagmi2-react18', ranges: { ...WAGMI_2, ...REACT_18 } },
  { app: 'next-app', id: 'wagmi3-react19', ranges: { ...WAGMI_3, ...REACT_19 } },
  { app: 'next-app', id: 'wagmi2-react19', ranges: { ...WAGMI_2, ...REACT_19 } },
]

/**
 * Each variant serves on its own fixed port (the stack must know the consumer origins before it starts:
 * the API and the auth frame accept the project's apps by origin): PORTICO_CONSUMER_PORT and the next
 * five, by default 130 above the stack's demo port, so two runs with different port sets never meet.
 */
export function variantPort(variant: ConsumerVariant): number {
  const base = Number(process.env.PORTICO_CONSUMER_PORT ?? E2E_PORTS.demo + 130)
  const index = CONSUMER_VARIANTS.indexOf(variant)
  if (index < 0) throw new Error(`${variant.app} ${variant.id} is not a consumer variant`)
  return base + index
}

/** The origin a variant's app is visited at (localhost, as the demo is). */
export const variantOrigin = (variant: ConsumerVariant) => `http://localhost:${variantPort(variant)}`

/** Every variant's origin: the e2e stack lists them among the dev project's app origins. */
export const consumerOrigins = () => CONSUMER_VARIANTS.map(variantOrigin)

/**
 * Which variants the specs run: `npm test` runs each app's default variant; `npm run test:consumers`
 * (a CI step of its own after `npm test`) the others, with PORTICO_CONSUMER_VARIANTS=others; `all` both.
 */
export function variantsOf(app: ConsumerAppName): ConsumerVariant[] {
  const which = process.env.PORTICO_CONSUMER_VARIANTS ?? 'default'
  if (!['default', 'others', 'all'].includes(which))
    throw new Error(`PORTICO_CONSUMER_VARIANTS must be default, others or all, not "${which}"`)
  return CONSUMER_VARIANTS.filter(
    (variant) =>
      variant.app === app &&
      (which === 'all' || (variant.id === DEFAULT_VARIANT_ID) === (which === 'default')),
  )
}

/** The variants named on a command line as `app` or `app:variant` (all when none is named). */
export const selectVariants = (args: string[]): ConsumerVariant[] =>
  CONSUMER_VARIANTS.filter(
    (variant) =>
      args.length === 0 ||
      args.some((arg) => {
        const [app, id] = arg.split(':')
        return app === variant.app && (id === undefined || id === variant.id)
      }),
  )

interface PackageJson {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
  [field: string]: unknown
}

const withRanges = (deps: Record<string, string> | undefined, ranges: Record<string, string>) =>
  deps && Object.fromEntries(Object.entries(deps).map(([name, range]) => [name, ranges[name] ?? range]))

/** The template's package.json with the variant's ranges (only for packages the template lists). */
export function variantPackageJson(templateDir: string, variant: ConsumerVariant): string {
  const pkg = JSON.parse(readFileSync(path.join(templateDir, 'package.json'), 'utf8')) as PackageJson
  const out: PackageJson = { ...pkg }
  const dependencies = withRanges(pkg.dependencies, variant.ranges)
  const devDependencies = withRanges(pkg.devDependencies, variant.ranges)
  if (dependencies) out.dependencies = dependencies
  if (devDependencies) out.devDependencies = devDependencies
  return `${JSON.stringify(out, null, 2)}\n`
}

/** Where a non-default variant's committed lockfile lives. */
export const variantLockPath = (templateDir: string, variant: ConsumerVariant) =>
  path.join(templateDir, 'locks', `${variant.id}.json`)

/** Where the consumer package.json files point for Portico's own packages (consumerApps.ts packs them). */
const PACKS_PREFIX = 'file:../packs/'

/**
 * The lockfile without the integrity of Portico's own packs: the lockfile pins third-party packages,
 * while the packs are this build's, so their hash changes with every change to a package (a committed
 * hash made `npm ci` fail with EINTEGRITY on any machine without a node_modules cache).
 */
export function withoutPackIntegrity(lockfile: string): string {
  const lock = JSON.parse(lockfile) as {
    packages?: Record<string, { resolved?: string; integrity?: string }>
  }
  for (const entry of Object.values(lock.packages ?? {}))
    if (entry.resolved?.startsWith(PACKS_PREFIX)) delete entry.integrity
  return `${JSON.stringify(lock, null, 2)}\n`
}

/** The package.json and lockfile a variant installs from (the template's own for the default). */
export function variantFiles(
  templateDir: string,
  variant: ConsumerVariant,
): { packageJson: string; lockfile: string } {
  if (variant.id === DEFAULT_VARIANT_ID) {
    return {
      packageJson: readFileSync(path.join(templateDir, 'package.json'), 'utf8'),
      lockfile: withoutPackIntegrity(readFileSync(path.join(templateDir, 'package-lock.json'), 'utf8')),
    }
  }
  const lock = variantLockPath(templateDir, variant)
  if (!existsSync(lock)) {
    throw new Error(`${variant.app} ${variant.id}: no lockfile at ${lock} (npx tsx e2e/consumers/lock.ts)`)
  }
  return {
    packageJson: variantPackageJson(templateDir, variant),
    lockfile: withoutPackIntegrity(readFileSync(lock, 'utf8')),
  }
}
