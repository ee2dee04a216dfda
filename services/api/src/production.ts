/**
 * The dev defaults the API refuses in production (PORTICO_ENV or NODE_ENV=production), all listed in
 * one start-up error (@portico/ops refuseDevDefaults).
 */
import { existsSync } from 'node:fs'
import { type DevDefault, originListDevDefault } from '@portico/ops'
import { type ApiConfig, type ApiConfigInput, DEFAULT_PROJECT_ID } from './config.ts'
import { directoryOptionsFromEnv } from './directory/options.ts'
import { DEFAULT_PRICES } from './tokens.ts'

const PROJECTS_FIX = 'set PORTICO_PROJECTS to your project ids and the https origins of their apps'

export function apiDevDefaults(
  input: ApiConfigInput,
  config: ApiConfig,
  env: NodeJS.ProcessEnv = process.env,
): DevDefault[] {
  return [
    ...projectDefaults(config),
    ...keyDefaults(input, config),
    ...(input.chains === undefined
      ? [{ name: 'the devnet chains (127.0.0.1:8545, 127.0.0.1:8546)', fix: 'set PORTICO_CHAINS' }]
      : []),
    ...interimFixturePrices(config),
    ...interimDevDirectory(env),
    ...interimSandboxOnramp(config),
  ]
}

function projectDefaults(config: ApiConfig): DevDefault[] {
  const problems: DevDefault[] = []
  if (config.projectIds.includes(DEFAULT_PROJECT_ID))
    problems.push({ name: `the dev project id "${DEFAULT_PROJECT_ID}" (projectIds)`, fix: PROJECTS_FIX })
  const cors = originListDevDefault('CORS origins', config.corsOrigins, PROJECTS_FIX)
  if (cors) problems.push(cors)
  for (const id of config.projectIds) {
    const origins = config.siwx.origins[id] ?? config.siwx.defaultOrigins
    const siwx = originListDevDefault(`sign-in origins of project "${id}"`, origins, PROJECTS_FIX)
    if (siwx) problems.push(siwx)
  }
  return problems
}

function keyDefaults(input: ApiConfigInput, config: ApiConfig): DevDefault[] {
  const problems: DevDefault[] = []
  const { nonceKey, nonceKeyFile } = config.siwx
  if (nonceKey === undefined && !(nonceKeyFile && existsSync(nonceKeyFile)))
    problems.push({
      name: 'a generated sign-in nonce key',
      fix: 'set PORTICO_SIWX_NONCE_KEY (hex, ≥ 32 bytes, the same on every API node) or PORTICO_SIWX_NONCE_KEY_FILE (an existing file, mode 0600)',
    })
  if (input.siwx?.tokenSecret === undefined)
    problems.push({
      name: 'a generated session token secret (random per process: sessions die on restart and differ across nodes)',
      fix: 'set PORTICO_SIWX_TOKEN_SECRET (hex, ≥ 32 bytes)',
    })
  return problems
}

// Interim: the prices owner's report on fixture prices replaces this at merge.
function interimFixturePrices(config: ApiConfig): DevDefault[] {
  const seeded = config.tokens.filter((t) => t.label !== undefined && t.label.toUpperCase() in DEFAULT_PRICES)
  return seeded.length === 0
    ? []
    : [
        {
          name: `fixture prices (DEFAULT_PRICES for ${[...new Set(seeded.map((t) => t.label))].join(', ')}: the devnet fixtures)`,
          fix: 'list your tokens with PORTICO_TOKENS and set PORTICO_FIXTURES_FILE only for real deployments',
        },
      ]
}

// Interim: the directory owner's report on the dev directory replaces this at merge.
function interimDevDirectory(env: NodeJS.ProcessEnv): DevDefault[] {
  return directoryOptionsFromEnv(env).dataDir === undefined
    ? [
        {
          name: 'the dev directory (the generated wallet catalogue in services/api/data)',
          fix: 'set PORTICO_WALLET_DATA_DIR to an imported wallet directory',
        },
      ]
    : []
}

// Interim: the on-ramp owner's report on the sandbox provider replaces this at merge.
function interimSandboxOnramp(config: ApiConfig): DevDefault[] {
  return config.onramp.pageUrl === null
    ? []
    : [
        {
          name: `the sandbox on-ramp (test-card provider page ${config.onramp.pageUrl})`,
          fix: 'unset PORTICO_ONRAMP_PAGE_URL until a real on-ramp provider is configured',
        },
      ]
}
