import { DevDefaultsRefused, refusalOf } from '@portico/ops'
import { generatePrivateKey } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { startOnramp } from './server.ts'
import { DEFAULT_TREASURY_KEY } from './treasury.ts'

describe('production mode', () => {
  it('refuses the sandbox once, naming each dev default', async () => {
    const error = await refusalOf(
      startOnramp({
        production: true,
        port: 0,
        apiUrl: 'http://127.0.0.1:4180',
        secret: '',
        treasuryKey: DEFAULT_TREASURY_KEY,
        chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }],
      }),
    )
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    for (const name of [
      'the sandbox on-ramp',
      'no API secret (PORTICO_ONRAMP_SECRET)',
      'the sandbox treasury key',
      'the devnet chains',
    ])
      expect(error.message).toContain(name)
    expect(error.problems).toHaveLength(4)
  })

  it('takes only test cards: with its own key, secret and chains, production still refuses the sandbox', async () => {
    const error = await refusalOf(
      startOnramp({
        production: true,
        port: 0,
        apiUrl: 'https://api.acme.example',
        secret: 'x'.repeat(32),
        treasuryKey: generatePrivateKey(),
        chains: [{ chainId: 1, rpcUrl: 'https://rpc.acme.example' }],
      }),
    )
    expect(error.problems.map((p) => p.name)).toEqual([
      'the sandbox on-ramp (test-card payments, tokens sent from a treasury)',
    ])
  })
})
