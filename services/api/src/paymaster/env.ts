/**
 * The paymaster service from the environment (services/api/README.md, Paymaster):
 *
 *   PORTICO_PAYMASTER=off                 turns the service off (it is on wherever a chain has a paymaster)
 *   PORTICO_PAYMASTER_KEY / _KEY_FILE     the sponsor's signing key, 0x + 64 hex (the file: mode 0600)
 *   PORTICO_PAYMASTER_CHAINS              chainId=<paymaster>|<EntryPoint>,… (default: the fixtures')
 *   PORTICO_PAYMASTER_POLICY_FILE         JSON: projectId → policy (below); default: the dev project's
 *                                          devnet policy outside production, none in production
 *   PORTICO_PAYMASTER_VALID_SECONDS       how long a signature may wait to be included (default 600)
 *
 * A policy: { "sponsorName": "My app", "chains": [8453], "targets": { "8453": ["0x…"] },
 * "factories": { "8453": ["0x…"] }, "maxWeiPerSenderPerDay": "5000000000000000",
 * "maxWeiPerDay": "1000000000000000000" }. Throws naming the variable; never echoes a key.
 */
import { readFileSync, statSync } from 'node:fs'
import * as v from 'valibot'
import { type Address, getAddress, type Hex, isAddress } from 'viem'
import type { PaymasterChain, PaymasterConfigInput, SponsorPolicy } from './config.ts'

const OFF = ['0', 'off', 'false', 'no']
const KEY = /^0x[0-9a-fA-F]{64}$/
const MAX_POLICY_FILE_BYTES = 1024 * 1024

export function paymasterFromEnv(env: NodeJS.ProcessEnv): PaymasterConfigInput | undefined {
  const input: PaymasterConfigInput = {}
  if (env.PORTICO_PAYMASTER && OFF.includes(env.PORTICO_PAYMASTER.toLowerCase())) input.enabled = false
  const key = signerKeyFromEnv(env)
  if (key) input.signerKey = key
  if (env.PORTICO_PAYMASTER_CHAINS) input.chains = parsePaymasterChains(env.PORTICO_PAYMASTER_CHAINS)
  if (env.PORTICO_PAYMASTER_POLICY_FILE) {
    const file = env.PORTICO_PAYMASTER_POLICY_FILE
    let text: string
    try {
      if (statSync(file).size > MAX_POLICY_FILE_BYTES) throw new Error('larger than 1 MiB')
      text = readFileSync(file, 'utf8')
    } catch (err) {
      throw new Error(`PORTICO_PAYMASTER_POLICY_FILE: cannot read ${file}: ${(err as Error).message}`)
    }
    input.policies = parseSponsorPolicies(text, 'PORTICO_PAYMASTER_POLICY_FILE')
  }
  if (env.PORTICO_PAYMASTER_VALID_SECONDS) {
    const seconds = Number(env.PORTICO_PAYMASTER_VALID_SECONDS)
    if (!Number.isSafeInteger(seconds) || seconds < 30 || seconds > 86_400)
      throw new Error('PORTICO_PAYMASTER_VALID_SECONDS: expected whole seconds from 30 to 86400')
    input.validForSeconds = seconds
  }
  return Object.keys(input).length > 0 ? input : undefined
}

function signerKeyFromEnv(env: NodeJS.ProcessEnv): Hex | undefined {
  if (env.PORTICO_PAYMASTER_KEY && env.PORTICO_PAYMASTER_KEY_FILE)
    throw new Error('PORTICO_PAYMASTER_KEY and PORTICO_PAYMASTER_KEY_FILE: set one, not both')
  let key = env.PORTICO_PAYMASTER_KEY
  const file = env.PORTICO_PAYMASTER_KEY_FILE
  if (file) {
    try {
      const mode = statSync(file).mode
      if (process.platform !== 'win32' && (mode & 0o077) !== 0)
        throw new Error(`readable or writable by other users: run chmod 600 ${file}`)
      key = readFileSync(file, 'utf8').trim()
    } catch (err) {
      throw new Error(`PORTICO_PAYMASTER_KEY_FILE: ${(err as Error).message}`)
    }
  }
  if (key === undefined) return undefined
  const name = file ? 'PORTICO_PAYMASTER_KEY_FILE' : 'PORTICO_PAYMASTER_KEY'
  if (!KEY.test(key)) throw new Error(`${name}: expected a private key, 0x followed by 64 hex digits`)
  return key as Hex
}

/** `31337=<paymaster>|<EntryPoint>,…` */
export function parsePaymasterChains(text: string): PaymasterChain[] {
  const name = 'PORTICO_PAYMASTER_CHAINS'
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^([1-9]\d{0,14})=(0x[0-9a-fA-F]{40})\|(0x[0-9a-fA-F]{40})$/.exec(entry)
      if (!match?.[1] || !match[2] || !match[3])
        throw new Error(
          `${name}: expected "<chainId>=<paymaster>|<EntryPoint>", got "${entry.slice(0, 120)}"`,
        )
      return { chainId: Number(match[1]), paymaster: getAddress(match[2]), entryPoint: getAddress(match[3]) }
    })
}

const address = v.pipe(
  v.string(),
  v.check((s) => isAddress(s, { strict: false }), 'must be a 0x address'),
  v.transform((s) => getAddress(s) as Address),
)
const chainKey = v.pipe(v.string(), v.regex(/^[1-9]\d{0,14}$/, 'keys must be chain ids'))
const perChain = v.pipe(
  v.record(chainKey, v.pipe(v.array(address), v.maxLength(1000))),
  v.transform(
    (record) =>
      Object.fromEntries(Object.entries(record).map(([id, list]) => [Number(id), list])) as Record<
        number,
        Address[]
      >,
  ),
)
const wei = v.pipe(
  v.string(),
  v.regex(/^\d{1,40}$/, 'must be a whole number of wei, as a string'),
  v.transform((s) => BigInt(s)),
)
const Policy = v.strictObject({
  sponsorName: v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(64),
    v.regex(/^[^\p{Cc}\p{Cf}]+$/u, 'must be plain text'),
  ),
  chains: v.pipe(v.array(v.pipe(v.number(), v.integer(), v.minValue(1))), v.minLength(1)),
  targets: perChain,
  factories: v.optional(perChain, {}),
  maxWeiPerSenderPerDay: wei,
  maxWeiPerDay: wei,
})
/** The project id form PORTICO_PROJECTS allows (@portico/ops): no key such as __proto__ gets in. */
const PROJECT_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/
const Policies = v.pipe(
  v.custom<Record<string, unknown>>(
    (input) =>
      typeof input === 'object' &&
      input !== null &&
      !Array.isArray(input) &&
      Object.keys(input).every((key) => PROJECT_ID.test(key)),
    'must be an object whose keys are project ids',
  ),
  v.record(v.string(), Policy),
)

/** projectId → policy from JSON; throws naming `name` and the first problem's path. */
export function parseSponsorPolicies(text: string, name: string): Record<string, SponsorPolicy> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new Error(`${name}: not JSON`)
  }
  const result = v.safeParse(Policies, json)
  if (!result.success) {
    const issue = result.issues[0]
    const path = issue.path?.map((p) => String(p.key)).join('.') ?? ''
    throw new Error(`${name}: ${path ? `${path}: ` : ''}${issue.message}`)
  }
  for (const [project, policy] of Object.entries(result.output))
    for (const chainId of Object.keys(policy.targets).map(Number))
      if (!policy.chains.includes(chainId))
        throw new Error(`${name}: ${project}.targets names chain ${chainId}, which is not in its chains`)
  return result.output as Record<string, SponsorPolicy>
}
