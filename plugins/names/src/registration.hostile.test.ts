/**
 * The message the wallet signs to register a name binds the chain (coin type), the site and what is
 * signed, in the form the API checks (services/api parseRegistrationMessage): a signature made for one
 * chain cannot register the name on another one.
 */
import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import type { BlockchainApiClient, RegisterNameParams } from '@portico/shared-types/plugin'
import { type Hex, hexToString } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { NameRuleError, parseRegistrationMessage } from '../../../services/api/src/profile/rules.ts'
import { coinTypeOf, registrationMessage } from './names.ts'
import { registerName } from './registration.ts'

const signer = privateKeyToAccount(generatePrivateKey())
const NOW_MS = 1_800_000_000_000
const now = NOW_MS / 1000

/** Registers `name` through the plugin with a wallet that signs; returns what reached the API. */
async function registerThroughPlugin(name: string): Promise<{ params: RegisterNameParams; signed: string }> {
  const profileRegister = vi.fn(async (_: RegisterNameParams) => ({ success: true }) as const)
  const state = {
    ...connectedState(signer.address),
    router: { history: [{ view: 'RegisterAccountName' }], direction: 'next' },
  } as KernelState
  const provider = {
    request: vi.fn(async ({ params }: { method: string; params?: unknown }) => {
      const [data] = params as [Hex]
      return signer.signMessage({ message: { raw: data } })
    }),
    on: vi.fn(),
    removeListener: vi.fn(),
  }
  const { ctx } = fakeContext(state, {
    services: { api: { profileRegister } as unknown as BlockchainApiClient },
    chains: {
      ...fakeContext(state).ctx.chains,
      activeNetwork: () => state.networks.byNamespace.eip155?.caipNetwork,
    },
    account: {
      get: () => state.accounts.eip155,
      provider: () => provider,
      refreshBalance: vi.fn(async () => {}),
    },
  })
  expect(await registerName(ctx, name, () => NOW_MS)).toBe(true)
  const params = profileRegister.mock.calls[0]?.[0]
  const [data] = provider.request.mock.calls[0]?.[0].params as [Hex]
  if (!params) throw new Error('not registered')
  return { params, signed: hexToString(data) }
}

const reason = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(NameRuleError)
    return (error as Error).message
  }
  return undefined
}

describe('the name registration message', () => {
  it('carries the coin type sent with it, the page’s host and a statement of both', async () => {
    const { params, signed } = await registerThroughPlugin('bound-name.reown.id')
    expect(signed).toBe(params.message)
    const message = JSON.parse(params.message)
    const chainId = params.coinType - 0x80000000
    expect(message).toMatchObject({
      name: 'bound-name.reown.id',
      coin_type: params.coinType,
      domain: location.host,
      statement: `Register bound-name.reown.id as your account name on ${location.host} (chain eip155:${chainId})`,
    })
    // The API reads it as it is sent…
    expect(parseRegistrationMessage(params.message, now, params.coinType)).toMatchObject({
      name: { name: 'bound-name.reown.id' },
      domain: location.host,
    })
    // …and refuses it under another chain's coin type (the replay of the review).
    expect(reason(() => parseRegistrationMessage(params.message, now, coinTypeOf(1)))).toMatch(
      /signed for coin type \d+, not for coin_type 2147483649/,
    )
  })

  it('differs per chain and per site, so a signature for one never serves another', () => {
    const base = { name: 'alice.reown.id', chainId: 31337, domain: 'app.example.com', nowMs: NOW_MS }
    const a = registrationMessage(base)
    expect(registrationMessage({ ...base, chainId: 1 })).not.toBe(a)
    expect(registrationMessage({ ...base, domain: 'evil.example' })).not.toBe(a)
    expect(reason(() => parseRegistrationMessage(a, now, coinTypeOf(31337)))).toBeUndefined()
    expect(reason(() => parseRegistrationMessage(a, now, coinTypeOf(1)))).toMatch(/not for coin_type/)
  })
})
