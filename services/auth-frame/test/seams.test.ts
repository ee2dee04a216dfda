/**
 * The two seams other modules plug into (socialSeam.ts, smartAccountSeam.ts), driven through the
 * frame's requests with small in-test implementations: what the frame does with an identity and with
 * a smart account, independent of the OIDC and ERC-4337 modules (tested on their own in src/social
 * and src/smart-account).
 */
import type { AuthFrameUser } from '@portico/shared-types'
import { getAddress, type Hex, keccak256, type LocalAccount } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SmartAccountCall, SmartAccountProvider } from '../src/smartAccountSeam.ts'
import type { SocialIdentity, SocialProvider } from '../src/socialSeam.ts'
import { errorOf, startTestFrame, type TestFrame } from './helpers.ts'

const identities = new Map<string, SocialIdentity>()
const social: SocialProvider = {
  redirectUri: async (provider, ctx) => ({ uri: `${ctx.frameOrigin}/social/start?provider=${provider}` }),
  connect: async (uri) => {
    const identity = identities.get(uri)
    if (!identity) throw new Error('unknown login')
    return identity
  },
}

const sent: { owner: Hex; chainId: number; calls: SmartAccountCall[] }[] = []
const smartAddress = (owner: LocalAccount) => getAddress(`0x${keccak256(owner.address).slice(-40)}`)
const smartAccounts: SmartAccountProvider = {
  enabledNetworks: () => [31337],
  address: async (owner) => smartAddress(owner),
  isDeployed: async () => false,
  deploy: async () => {},
  sendCalls: async (owner, chainId, calls) => {
    sent.push({ owner: owner.address, chainId, calls })
    return `0x${'ab'.repeat(32)}`
  },
}

let frame: TestFrame
let withoutSeams: TestFrame
beforeAll(async () => {
  ;[frame, withoutSeams] = await Promise.all([
    startTestFrame({
      social,
      smartAccounts,
      chains: [
        { chainId: 31337, rpcUrl: 'http://127.0.0.1:9' },
        { chainId: 31338, rpcUrl: 'http://127.0.0.1:9' },
      ],
    }),
    startTestFrame(),
  ])
})
afterAll(() => Promise.all([frame?.close(), withoutSeams?.close()]))

describe('social seam', () => {
  it('a verified identity becomes one user per (provider, subject) with its userName, a trusted device and a session', async () => {
    const device = frame.device()
    expect(await device.ok('GET_SOCIAL_REDIRECT_URI', { provider: 'github' })).toEqual({
      uri: `${frame.server.url}/social/start?provider=github`,
    })
    identities.set('cb-1', { provider: 'github', subject: '42', userName: 'octo', email: 'octo@example.com' })
    const answer = await device.call('CONNECT_SOCIAL', { uri: 'cb-1' })
    if (!answer.ok) throw new Error(answer.error)
    const user = answer.result as AuthFrameUser
    expect(typeof answer.session).toBe('string')
    expect(user).toMatchObject({ userName: 'octo', email: 'octo@example.com', chainId: 31337 })
    expect(await device.ok('IS_CONNECTED')).toEqual({ isConnected: true })

    // Same identity later, new username: same wallet, username updated.
    identities.set('cb-2', { provider: 'github', subject: '42', userName: 'octocat' })
    const again = await frame.device().ok<AuthFrameUser>('CONNECT_SOCIAL', { uri: 'cb-2' })
    expect(again.accounts).toEqual(user.accounts)
    expect(again.userName).toBe('octocat')
    // Same subject at another provider: another user.
    identities.set('cb-3', { provider: 'google', subject: '42' })
    const other = await frame.device().ok<AuthFrameUser>('CONNECT_SOCIAL', { uri: 'cb-3' })
    expect(other.accounts?.[0]?.address).not.toBe(user.accounts?.[0]?.address)
    // A social identity's email does not become an email login.
    expect(await frame.device().ok('CONNECT_EMAIL', { email: 'octo@example.com' })).toEqual({
      action: 'VERIFY_OTP',
    })
  })

  it('refuses unknown providers, bad callback URIs, and answers clearly without a social module', async () => {
    const device = frame.device()
    for (const provider of ['myspace', '', '__proto__', 7])
      expect(await device.error('GET_SOCIAL_REDIRECT_URI', { provider })).toBe('Unknown social provider')
    expect(await device.error('CONNECT_SOCIAL', { uri: 'x'.repeat(5000) })).toBe(
      'Invalid social login result',
    )
    expect(await device.error('CONNECT_SOCIAL', { uri: 'nope' })).toBe('An error occurred')
    const bare = withoutSeams.device()
    expect(await bare.error('GET_SOCIAL_REDIRECT_URI', { provider: 'google' })).toBe(
      'Social login is not available',
    )
    expect(await bare.error('CONNECT_FARCASTER')).toBe('Social login is not available')
    expect(await device.error('GET_FARCASTER_URI')).toBe('Social login is not available')
  })
})

describe('smart-account seam', () => {
  it('eip155 users get the smart account by default where enabled, EOA when they prefer it, and sends go through the provider', async () => {
    const device = frame.device()
    identities.set('sa', { provider: 'discord', subject: 'sa-1' })
    await device.ok('CONNECT_SOCIAL', { uri: 'sa' })
    expect(await device.ok('GET_SMART_ACCOUNT_ENABLED_NETWORKS')).toEqual({
      smartAccountEnabledNetworks: [31337],
    })
    const user = await device.ok<AuthFrameUser>('GET_USER', { chainId: 31337 })
    const eoa = user.accounts?.find((a) => a.type === 'eoa')?.address
    const smart = user.accounts?.find((a) => a.type === 'smartAccount')?.address
    expect(user).toMatchObject({
      preferredAccountType: 'smartAccount',
      address: smart,
      smartAccountDeployed: false,
    })
    expect(await device.ok('RPC_REQUEST', { method: 'eth_accounts' })).toEqual([smart])

    const hash = await device.signed('eth_sendTransaction', [
      { from: smart, to: '0x000000000000000000000000000000000000bEEF', value: '0x10' },
    ])
    expect(hash).toBe(`0x${'ab'.repeat(32)}`)
    expect(sent.at(-1)).toEqual({
      owner: eoa,
      chainId: 31337,
      calls: [{ to: '0x000000000000000000000000000000000000bEEF', value: 16n }],
    })
    // The EOA is not the connected account while the smart account is.
    expect(await errorOf(device.approved('eth_sendTransaction', [{ from: eoa, to: smart }]))).toBe(
      'The request names an account that is not the connected one',
    )

    // GET_USER may ask for a type without storing it; SET_PREFERRED_ACCOUNT stores it.
    expect((await device.ok<AuthFrameUser>('GET_USER', { preferredAccountType: 'eoa' })).address).toBe(eoa)
    await device.ok('SET_PREFERRED_ACCOUNT', { type: 'eoa' })
    expect(await device.ok<AuthFrameUser>('GET_USER')).toMatchObject({
      address: eoa,
      preferredAccountType: 'eoa',
    })
    expect(await device.error('SET_PREFERRED_ACCOUNT', { type: 'admin' })).toBe('Unknown account type')
    await device.ok('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })
    // On a chain without smart accounts the user is an EOA and cannot prefer one.
    await device.ok('SWITCH_NETWORK', { chainId: 31338 })
    expect(await device.ok<AuthFrameUser>('GET_USER')).toMatchObject({
      address: eoa,
      preferredAccountType: 'eoa',
    })
    expect(await device.error('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toBe(
      'Smart accounts are not available on this network',
    )
    expect(await device.error('INIT_SMART_ACCOUNT')).toBe('Smart accounts are not available on this network')
  })
})
