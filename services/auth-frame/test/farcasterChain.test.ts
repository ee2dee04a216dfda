/**
 * Farcaster login with custody read from an ID registry on a chain, as production reads Optimism's:
 * the dev stack's path (the registry deployed on devnet chain A). The relay says who signed; the
 * chain says whose key that fid is, and moving the fid on chain turns the same approval away.
 */
import {
  type Devnet,
  deployIdRegistry,
  idRegistryAddress,
  idRegistryCustodyOf,
  setIdRegistryCustody,
  startDevnet,
} from '@portico/devnet'
import { devFarcasterAccounts, type Idp, startIdp } from '@portico/idp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSocialLogin, devSocialConfig, type SocialLogin } from '../src/index.ts'
import { FARCASTER_ERRORS } from '../src/social/index.ts'
import type { SocialContext } from '../src/socialSeam.ts'

const FRAME = 'http://localhost:4999'
const ctx: SocialContext = {
  projectId: 'p1',
  parentOrigin: 'http://localhost:5555',
  deviceHash: 'device-chain',
  frameOrigin: FRAME,
}
const [alice] = devFarcasterAccounts()
let devnet: Devnet
let idp: Idp
let social: SocialLogin

beforeAll(async () => {
  if (!alice) throw new Error('no dev Farcaster account')
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 0 }], solana: false })
  const chain = devnet.chains[0]
  if (!chain) throw new Error('no chain')
  const registry = await deployIdRegistry(chain, [{ fid: alice.fid, custody: alice.custody.address }])
  expect(registry).toBe(idRegistryAddress())
  idp = await startIdp({ port: 0, redirectUris: [`${FRAME}/social/callback`] })
  social = createSocialLogin({
    config: {
      ...devSocialConfig(idp.url),
      farcaster: { relayUrl: idp.url, rpcUrl: chain.rpcUrl, idRegistry: registry },
    },
    farcasterPollMs: 20,
  })
}, 120_000)
afterAll(async () => {
  await idp?.close()
  await devnet?.stop()
})

async function loginAs(fid: number) {
  const farcaster = social.farcaster
  if (!farcaster) throw new Error('no farcaster relay configured')
  const { url } = await farcaster.farcasterUri(ctx)
  const connecting = farcaster.connectFarcaster(ctx)
  const approved = await fetch(`${idp.url}/farcaster/approve`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ channelToken: new URL(url).searchParams.get('channelToken'), fid: String(fid) }),
  })
  expect(approved.status).toBe(200)
  return connecting
}

describe('farcaster custody from the chain', () => {
  it('the fid registered to the signing key connects', async () => {
    if (!alice) throw new Error('no dev Farcaster account')
    await expect(loginAs(alice.fid)).resolves.toEqual({
      provider: 'farcaster',
      subject: String(alice.fid),
      userName: alice.username,
    })
  })

  it('a fid the registry does not hold (custody 0x0) is refused, whatever the relay says', async () => {
    const unregistered = devFarcasterAccounts().find((account) => account.fid !== alice?.fid)
    if (!unregistered) throw new Error('a second dev Farcaster account is needed')
    await expect(loginAs(unregistered.fid)).rejects.toThrow(FARCASTER_ERRORS.unverified)
  })

  it('after the fid moves to another key on chain, the old key’s approval is refused', async () => {
    if (!alice) throw new Error('no dev Farcaster account')
    const chain = devnet.chains[0]
    if (!chain) throw new Error('no chain')
    const newOwner = '0x000000000000000000000000000000000000dEaD'
    await setIdRegistryCustody(chain, alice.fid, newOwner)
    expect((await idRegistryCustodyOf(chain, alice.fid)).toLowerCase()).toBe(newOwner.toLowerCase())
    await expect(loginAs(alice.fid)).rejects.toThrow(FARCASTER_ERRORS.unverified)
  })
})
