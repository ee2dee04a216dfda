import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fixtureAddresses } from '@portico/devnet'
import { describe, expect, it } from 'vitest'
import { resolveConfig } from './config.ts'
import { configFromEnv } from './env.ts'
import { listedTokens, tokenListFromEnv } from './tokenList.ts'

const A = `0x${'a'.repeat(40)}`
const B = `0x${'B'.repeat(40)}`

describe('the networks’ token lists (the API’s list)', () => {
  it('defaults to the devnet’s fixture tokens, on the devnet chains only', () => {
    const config = resolveConfig({
      chains: [
        { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
        { chainId: 1, rpcUrl: 'http://127.0.0.1:9' },
      ],
    })
    const { USDC } = fixtureAddresses().tokens
    expect(listedTokens(config, 31337).has(USDC.toLowerCase())).toBe(true)
    expect(listedTokens(config, 1).size).toBe(0)
  })

  it('reads PORTICO_TOKENS and PORTICO_FIXTURES_FILE as the API does, and nothing when neither is set', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-frame-tokens-'))
    try {
      const file = join(dir, 'fixtures.json')
      writeFileSync(file, JSON.stringify({ 31338: { tokens: { USDC: B } } }))
      const input = configFromEnv({ PORTICO_TOKENS: `31337:${A}`, PORTICO_FIXTURES_FILE: file })
      expect(input.tokenList).toEqual([
        { chainId: 31337, address: A },
        { chainId: 31338, address: B },
      ])
      const config = resolveConfig(input)
      expect([...listedTokens(config, 31338)]).toEqual([B.toLowerCase()])
      expect(tokenListFromEnv({})).toBeUndefined()
      // A list that names no token: every token is unlisted, whatever the devnet default.
      expect(resolveConfig(configFromEnv({ PORTICO_SPAM_CONTRACTS: `31337:${A}` })).tokenList).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('refuses a malformed list with the variable’s name', () => {
    expect(() => configFromEnv({ PORTICO_TOKENS: '31337:0x12' })).toThrow(/PORTICO_TOKENS/)
  })
})
