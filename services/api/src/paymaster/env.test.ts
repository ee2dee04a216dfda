import { chmodSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  AA_FIXTURES,
  DEV_PAYMASTER_SIGNER_KEY,
  dexAddresses,
  ENTRY_POINT_V08,
  fixtureAddresses,
  PAYMASTER_FIXTURE,
} from '@portico/devnet'
import { afterAll, describe, expect, it } from 'vitest'
import { tempDir } from '../../test/helpers.ts'
import { resolveConfig } from '../config.ts'
import { configFromEnv } from '../env.ts'
import { paymasterFromEnv } from './env.ts'
import { paymasterProductionProblems } from './production.ts'

const dir = tempDir('portico-paymaster-env-')
afterAll(() => dir.remove())
const KEY = `0x${'ab'.repeat(32)}`
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const policyFile = (policies: unknown) => {
  const file = join(dir.dir, `policy-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, JSON.stringify(policies))
  return file
}
const POLICY = {
  sponsorName: 'Acme',
  chains: [8453],
  targets: { 8453: [USDC.toLowerCase()] },
  maxWeiPerSenderPerDay: '5000000000000000',
  maxWeiPerDay: '1000000000000000000',
}

describe('the paymaster service from the environment', () => {
  it('on the devnet: the fixtures’ paymasters, the dev key and the dev project’s policy (USDC, the DEX)', () => {
    const config = resolveConfig(configFromEnv({})).paymaster
    expect(config?.chains).toEqual([
      { chainId: 31337, paymaster: PAYMASTER_FIXTURE, entryPoint: ENTRY_POINT_V08 },
      { chainId: 31338, paymaster: PAYMASTER_FIXTURE, entryPoint: ENTRY_POINT_V08 },
    ])
    expect(config?.signerKey).toBe(DEV_PAYMASTER_SIGNER_KEY)
    const dev = config?.policies['portico-dev']
    expect(dev?.chains).toEqual([31337, 31338])
    const { tokens } = fixtureAddresses()
    expect(dev?.targets[31337]).toEqual([tokens.USDC, dexAddresses(tokens).router])
    expect(dev?.factories[31337]).toEqual([AA_FIXTURES.factory])
    expect(resolveConfig(configFromEnv({ PORTICO_PAYMASTER: 'off' })).paymaster).toBeNull()
  })

  it('reads the key, chains, policies and validity it is given', () => {
    const input = paymasterFromEnv({
      PORTICO_PAYMASTER_KEY: KEY,
      PORTICO_PAYMASTER_CHAINS: `8453=${USDC}|${ENTRY_POINT_V08.toLowerCase()}`,
      PORTICO_PAYMASTER_POLICY_FILE: policyFile({ acme: POLICY }),
      PORTICO_PAYMASTER_VALID_SECONDS: '300',
    })
    expect(input).toEqual({
      signerKey: KEY,
      chains: [{ chainId: 8453, paymaster: USDC, entryPoint: ENTRY_POINT_V08 }],
      policies: {
        acme: {
          ...POLICY,
          targets: { 8453: [USDC] },
          factories: {},
          maxWeiPerSenderPerDay: 5_000_000_000_000_000n,
          maxWeiPerDay: 10n ** 18n,
        },
      },
      validForSeconds: 300,
    })
  })

  it('takes the key from a private file only', () => {
    const file = join(dir.dir, 'key')
    writeFileSync(file, `${KEY}\n`, { mode: 0o600 })
    expect(paymasterFromEnv({ PORTICO_PAYMASTER_KEY_FILE: file })?.signerKey).toBe(KEY)
    chmodSync(file, 0o644)
    expect(() => paymasterFromEnv({ PORTICO_PAYMASTER_KEY_FILE: file })).toThrow(/chmod 600/)
  })

  it('refuses malformed values by name, never echoing a key', () => {
    const secret = `0x${'cd'.repeat(31)}`
    expect(() => paymasterFromEnv({ PORTICO_PAYMASTER_KEY: secret })).toThrow(
      /^PORTICO_PAYMASTER_KEY: expected/,
    )
    try {
      paymasterFromEnv({ PORTICO_PAYMASTER_KEY: secret })
    } catch (err) {
      expect(String(err)).not.toContain(secret)
    }
    expect(() => paymasterFromEnv({ PORTICO_PAYMASTER_CHAINS: '8453=0x12' })).toThrow(
      /PORTICO_PAYMASTER_CHAINS/,
    )
    expect(() => paymasterFromEnv({ PORTICO_PAYMASTER_VALID_SECONDS: '5' })).toThrow(/VALID_SECONDS/)
    const bad: unknown[] = [
      { acme: { ...POLICY, targets: { 8453: ['0x12'] } } },
      { acme: { ...POLICY, maxWeiPerDay: 1e18 } },
      { acme: { ...POLICY, extra: true } },
      { acme: { ...POLICY, targets: { 10: [USDC] } } },
      { acme: { ...POLICY, sponsorName: 'a\u202eb' } },
      [POLICY],
      JSON.parse(`{"__proto__": ${JSON.stringify(POLICY)}}`),
    ]
    for (const policies of bad)
      expect(() => paymasterFromEnv({ PORTICO_PAYMASTER_POLICY_FILE: policyFile(policies) })).toThrow(
        /^PORTICO_PAYMASTER_POLICY_FILE: /,
      )
  })

  it('production refuses the devnet’s key, and a missing one, by name', () => {
    const production = (env: NodeJS.ProcessEnv) =>
      paymasterProductionProblems(resolveConfig({ ...configFromEnv(env), production: true }))
    expect(production({})).toEqual([
      expect.stringMatching(/^no paymaster signing key: set PORTICO_PAYMASTER_KEY/),
    ])
    expect(production({ PORTICO_PAYMASTER_KEY: DEV_PAYMASTER_SIGNER_KEY })).toEqual([
      expect.stringMatching(/^the devnet's paymaster signing key \(public in this repository\)/),
    ])
    expect(production({ PORTICO_PAYMASTER_KEY: KEY })).toEqual([])
    expect(production({ PORTICO_PAYMASTER: 'off' })).toEqual([])
    // Production has no dev policy: nothing is sponsored until policies are configured.
    expect(
      resolveConfig({ ...configFromEnv({ PORTICO_PAYMASTER_KEY: KEY }), production: true }).paymaster
        ?.policies,
    ).toEqual({})
  })
})
