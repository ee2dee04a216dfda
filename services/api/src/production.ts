/**
 * The dev defaults the API refuses in production (PORTICO_ENV or NODE_ENV=production), all listed in
 * one start-up error (@portico/ops refuseDevDefaults).
 */
import { existsSync } from 'node:fs'
import { type DevDefault, originListDevDefault } from '@portico/ops'
import { type ApiConfig, type ApiConfigInput, DEFAULT_PROJECT_ID } from './config.ts'
import { directoryOptionsFromEnv, resolveDirectoryOptions } from './directory/options.ts'
import { directoryProductionProblems } from './directory/production.ts'
import { onrampProductionProblems } from './onramp/production.ts'
import { paymasterProductionProblems } from './paymaster/production.ts'
import { priceProductionProblems } from './prices/production.ts'

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
    ...asDevDefaults(priceProductionProblems(config)),
    ...asDevDefaults(directoryProductionProblems(resolveDirectoryOptions(directoryOptionsFromEnv(env)))),
    ...asDevDefaults(onrampProductionProblems(config)),
    ...asDevDefaults(paymasterProductionProblems(config)),
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

/**
 * The owners' reports (prices, directory, on-ramp, paymaster) are sentences "what: how to fix it"; the list names
 * each by the part before its first colon.
 */
function asDevDefaults(sentences: string[]): DevDefault[] {
  return sentences.map((sentence) => {
    const at = sentence.indexOf(': ')
    return at < 0 ? { name: sentence, fix: '' } : { name: sentence.slice(0, at), fix: sentence.slice(at + 2) }
  })
}
