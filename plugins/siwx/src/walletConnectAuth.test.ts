import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { KernelState } from '@portico/shared-types'
import type { PluginStorage } from '@portico/shared-types/plugin'
import { createEncodedRecap, formatMessage } from '@walletconnect/utils'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { API, fakeVerifier } from '../test/testVerifier.ts'
import { flowOf, SIGN_VIEW } from './flow.ts'
import plugin from './index.ts'
import { storedSessionFor } from './session.ts'
import { verifyWalletConnectAuth, walletConnectAuthParams } from './walletConnectAuth.ts'

afterEach(() => vi.unstubAllGlobals())

const signer = privateKeyToAccount(generatePrivateKey())
const CAIP = `eip155:31337:${signer.address}` as const

function memoryStorage(): PluginStorage {
  const data = new Map<string, unknown>()
  return {
    get: <T>(k: string) => structuredClone(data.get(k)) as T | undefined,
    set: (k, v) => void data.set(k, structuredClone(v)),
    remove: (k) => void data.delete(k),
  }
}

function setup(siwx = true) {
  const state = connectedState(signer.address, { caipAddress: CAIP }) as KernelState
  const network = state.networks.byNamespace.eip155?.caipNetwork
  Object.assign(state, {
    modal: { open: false },
    router: { history: [], direction: 'next' },
    options: {
      projectId: 'test-project',
      apiUrl: API,
      features: { siwx },
      metadata: { name: 'Test App', description: '', url: '', icons: [] },
      siwx: { statement: 'Sign in to Test App' },
    },
    signIn: { required: false, hasSession: false },
  })
  const signIn = {
    get: () => ({ ...state.signIn }),
    setHasSession: vi.fn((value: boolean) => {
      state.signIn.hasSession = value
    }),
  }
  const { ctx } = fakeContext(state, { pluginId: 'siwx', storage: memoryStorage(), signIn })
  ctx.chains = {
    ...ctx.chains,
    activeNetwork: () => network,
    requestedNetworks: () => (network ? [network] : []),
  }
  ctx.account = { ...ctx.account, get: () => state.accounts.eip155, provider: () => ({ request: vi.fn() }) }
  return { ctx, signIn }
}

/** What a wallet signs for an authenticate request: the SDK's formatting, ReCaps statement included. */
async function walletSigns(params: NonNullable<Awaited<ReturnType<typeof walletConnectAuthParams>>>) {
  const recap = createEncodedRecap('eip155', 'request', ['personal_sign', 'eth_sendTransaction'])
  const iss = `did:pkh:${CAIP}`
  const message = formatMessage(
    {
      type: 'caip122',
      chains: ['eip155:31337'],
      domain: params.domain,
      aud: params.uri,
      version: '1',
      nonce: params.nonce,
      iat: new Date().toISOString(),
      statement: params.statement,
      ...(params.exp ? { exp: params.exp } : {}),
      ...(params.nbf ? { nbf: params.nbf } : {}),
      resources: [recap],
    } as Parameters<typeof formatMessage>[0],
    iss,
  )
  return { caipAddress: CAIP, message, signature: await signer.signMessage({ message }) }
}

describe('SIWX: WalletConnect one-click sign-in', () => {
  it('contributes its params and verify to the kernel', () => {
    expect(plugin.contributes.walletConnectAuth[0]?.id).toBe('siwx')
  })

  it('gives the CAIP-122 fields with a verifier nonce, only when sign-in is on and every chain is eip155', async () => {
    const verifier = fakeVerifier()
    const { ctx } = setup()
    const params = await walletConnectAuthParams(ctx, { chains: ['eip155:31337'] })
    expect(params).toMatchObject({
      domain: location.host,
      uri: `${location.origin}${location.pathname}`,
      nonce: [...verifier.issued][0],
      statement: 'Sign in to Test App',
    })
    expect(Date.parse(params?.exp ?? '')).toBeGreaterThan(Date.now())
    expect(await walletConnectAuthParams(ctx, { chains: ['eip155:31337', 'solana:abc'] })).toBeUndefined()
    expect(await walletConnectAuthParams(setup(false).ctx, { chains: ['eip155:31337'] })).toBeUndefined()
  })

  it('the verifier (EIP-4361 reference parser) accepts the signed message; the session is stored, so the sign view does not open', async () => {
    const verifier = fakeVerifier()
    const { ctx, signIn } = setup()
    const params = await walletConnectAuthParams(ctx, { chains: ['eip155:31337'] })
    if (!params) throw new Error('no params')
    const signed = await walletSigns(params)
    expect(signed.message).toContain('I further authorize the stated URI to perform the following actions')
    await verifyWalletConnectAuth(ctx, signed)
    expect(verifier.verified[0]?.address).toBe(signer.address)
    expect(storedSessionFor(ctx, CAIP)?.message).toBe(signed.message)
    expect(signIn.setHasSession).toHaveBeenLastCalledWith(true)
    expect(ctx.events.emit).toHaveBeenCalledWith('SIWX_AUTH_SUCCESS', {
      network: 'eip155:31337',
      isSmartAccount: false,
    })
    await flowOf(ctx).start()
    expect(ctx.modal.open).not.toHaveBeenCalledWith(SIGN_VIEW)

    // The same signed message again: its nonce is used up.
    await expect(verifyWalletConnectAuth(setup().ctx, signed)).rejects.toThrow('Nonce unknown')
  })

  it('a verifier answer for another account is refused and nothing is stored', async () => {
    const { ctx, signIn } = setup()
    const other = `eip155:31337:${privateKeyToAccount(generatePrivateKey()).address}`
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              caipAddress: other,
              expiresAt: new Date(Date.now() + 60_000).toISOString(),
              issuedAt: new Date().toISOString(),
              token: 't',
              session: { data: {}, message: 'm', signature: '0x' },
            }),
          ),
      ),
    )
    await expect(
      verifyWalletConnectAuth(ctx, { caipAddress: CAIP, message: 'signed', signature: '0x12' }),
    ).rejects.toThrow('The verifier signed in another account')
    expect(storedSessionFor(ctx)).toBeUndefined()
    expect(signIn.setHasSession).not.toHaveBeenCalled()
  })
})
