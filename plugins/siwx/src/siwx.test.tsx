import { generateKeyPairSync, sign } from 'node:crypto'
import { type KernelState, MESSAGES } from '@portico/shared-types'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { SiweMessage } from 'siwe'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterConnect, memoryStorage, type Setup, setup, signer, view, wallet } from '../test/testSetup.tsx'
import { base58Decode, fakeVerifier } from '../test/testVerifier.ts'
import { flowOf, SIGN_VIEW } from './flow.ts'
import plugin from './index.ts'
import { formatSignInMessage } from './message.ts'
import { en } from './messages.ts'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SIWX: after connect', () => {
  it('opens SIWXSignMessage with an EIP-4361 message the reference parser reads, nonce from the verifier', async () => {
    const verifier = fakeVerifier()
    const { ctx } = setup()
    await afterConnect(ctx)
    expect(ctx.modal.open).toHaveBeenCalledWith(SIGN_VIEW)
    const message = flowOf(ctx).store.get().message ?? ''
    const parsed = new SiweMessage(message)
    expect(parsed).toMatchObject({
      domain: location.host,
      address: signer.address,
      statement: 'Sign in to Test App',
      uri: `${location.origin}${location.pathname}`,
      version: '1',
      chainId: 31337,
      nonce: [...verifier.issued][0],
    })
    const issuedAt = Date.parse(parsed.issuedAt ?? '')
    expect(Math.abs(issuedAt - Date.now())).toBeLessThan(5000)
    expect(Date.parse(parsed.expirationTime ?? '') - issuedAt).toBe(86_400_000)
    expect(parsed.notBefore).toBe(parsed.issuedAt)
    expect(parsed.requestId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('does nothing when the feature is off, the network is not a requested one, or a session exists', async () => {
    const verifier = fakeVerifier()
    for (const options of [{ siwx: false }, { network: 'unrequested' as const }]) {
      const { ctx } = setup(options)
      await afterConnect(ctx)
      expect(ctx.modal.open).not.toHaveBeenCalled()
    }
    expect(verifier.fetch).not.toHaveBeenCalled()
  })

  it('asks an account connected before the plugin loaded (restore), once, even when the hook runs too', async () => {
    const verifier = fakeVerifier()
    const { ctx, state } = setup()
    await flowOf(ctx).restore()
    expect(ctx.modal.open).toHaveBeenCalledWith(SIGN_VIEW)
    // The connect flow closed the modal meanwhile: the hook shows the same request again, no new nonce.
    await afterConnect(ctx)
    expect(ctx.modal.open).toHaveBeenCalledTimes(2)
    Object.assign(state, { modal: { open: true }, router: { history: [{ view: SIGN_VIEW }] } })
    await afterConnect(ctx)
    expect(ctx.modal.open).toHaveBeenCalledTimes(2)
    expect(verifier.issued.size).toBe(1)
  })

  it('declares the sign view sensitive (closing blocked while required and without a session)', () => {
    expect(plugin.views[SIGN_VIEW].sensitive).toBe(true)
  })
})

describe('SIWX: signing', () => {
  it('signs through the gated provider, the verifier checks it, the session is stored, the modal closes', async () => {
    const verifier = fakeVerifier()
    const { ctx, storage, signIn, provider } = setup()
    await afterConnect(ctx)
    view(ctx)
    expect(screen.getByLabelText('Message to sign').textContent).toContain(signer.address)
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    await waitFor(() => expect(ctx.modal.close).toHaveBeenCalled())
    expect(provider?.request).toHaveBeenCalledWith(expect.objectContaining({ method: 'personal_sign' }))
    expect(verifier.verified).toHaveLength(1)
    expect(signIn.setHasSession).toHaveBeenLastCalledWith(true)
    expect(ctx.events.emit).toHaveBeenCalledWith('SIWX_AUTH_SUCCESS', {
      network: 'eip155:31337',
      isSmartAccount: false,
    })
    expect(storage.data.get('session')).toMatchObject({
      caipAddress: `eip155:31337:${signer.address}`,
      token: 'token-1',
    })
  })

  it('restores the stored session on reload (the verifier honours its token) and asks no more', async () => {
    fakeVerifier()
    const first = setup()
    await afterConnect(first.ctx)
    await flowOf(first.ctx).sign()
    // Reload: a new context over the same storage; the verifier is the same service.
    const reloaded = setup({ storage: first.storage })
    await flowOf(reloaded.ctx).restore()
    expect(reloaded.signIn.setHasSession).toHaveBeenLastCalledWith(true)
    await afterConnect(reloaded.ctx)
    expect(reloaded.ctx.modal.open).not.toHaveBeenCalled()
  })

  it('forgets a stored session the verifier no longer honours, and an expired one', async () => {
    fakeVerifier({ sessionValid: false })
    const storage = memoryStorage()
    const session = {
      caipAddress: `eip155:31337:${signer.address}`,
      token: 't',
      message: 'm',
      signature: '0x',
    }
    storage.set('session', { ...session, expiresAt: new Date(Date.now() + 60_000).toISOString() })
    const revoked = setup({ storage })
    await flowOf(revoked.ctx).restore()
    expect(storage.data.has('session')).toBe(false)
    expect(revoked.signIn.setHasSession).toHaveBeenLastCalledWith(false)
    storage.set('session', { ...session, expiresAt: new Date(Date.now() - 1).toISOString() })
    const expired = setup({ storage })
    await flowOf(expired.ctx).restore()
    expect(storage.data.has('session')).toBe(false)
    expect(expired.signIn.setHasSession).not.toHaveBeenCalledWith(true)
  })

  it('shows Signature declined when the wallet refuses, and keeps the view to retry', async () => {
    fakeVerifier()
    const { ctx } = setup({ provider: wallet(true) })
    await afterConnect(ctx)
    view(ctx)
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.signatureDeclined)
    expect(ctx.modal.close).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Sign' })).toBeTruthy()
  })

  it('says a smart account might not be supported when its signature fails', async () => {
    fakeVerifier({ refuse: true })
    const { ctx } = setup({ smartAccount: true })
    await afterConnect(ctx)
    view(ctx)
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.smartAccountNotSupported)
  })

  it('signs a fresh message when the account changed after the message was prepared', async () => {
    const verifier = fakeVerifier()
    const { ctx, state } = setup()
    const other = privateKeyToAccount(generatePrivateKey())
    state.accounts.eip155 = {
      ...(state.accounts.eip155 as NonNullable<KernelState['accounts']['eip155']>),
      address: other.address,
      caipAddress: `eip155:31337:${other.address}`,
    }
    await afterConnect(ctx)
    // Back to the signer's account before signing: the message naming `other` is not signed.
    state.accounts.eip155 = {
      ...state.accounts.eip155,
      address: signer.address,
      caipAddress: `eip155:31337:${signer.address}`,
    }
    await flowOf(ctx).sign()
    expect(flowOf(ctx).store.get().error).toBeUndefined()
    expect(verifier.verified[0]?.address).toBe(signer.address)
  })

  it('signs a fresh message (a new nonce) after the verifier refused one', async () => {
    const verifier = fakeVerifier({ refuse: true })
    const { ctx } = setup()
    await afterConnect(ctx)
    await flowOf(ctx).sign()
    expect(flowOf(ctx).store.get().message).toBeUndefined()
    await flowOf(ctx).sign()
    const nonces = verifier.fetch.mock.calls.filter(([url]) => String(url).includes('/nonce'))
    expect(nonces).toHaveLength(2)
  })
})

describe('SIWX: Solana (CAIP-122)', () => {
  it('signs a CAIP-122 message with solana_signMessage (ed25519) and stores the verified session', async () => {
    const verifier = fakeVerifier()
    const { publicKey, privateKey } = generateKeyPairSync('ed25519')
    const pubkey = toBase58Bytes(Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url'))
    const reference = 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
    const network = {
      id: reference,
      caipNetworkId: `solana:${reference}` as const,
      name: 'Solana Devnet',
      chainNamespace: 'solana' as const,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: { default: { http: [] } },
    }
    const solanaWallet = {
      request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
        if (method !== 'solana_signMessage') throw new Error(`unexpected ${method}`)
        const { message, pubkey: signer } = params as { message: string; pubkey: string }
        if (signer !== pubkey) throw new Error('wrong account')
        return { signature: toBase58Bytes(sign(null, base58Decode(message), privateKey)) }
      }),
    }
    const { ctx, state, storage } = setup({ provider: solanaWallet as never })
    const base = state.accounts.eip155
    if (!base) throw new Error('no account')
    state.accounts.solana = {
      ...base,
      namespace: 'solana',
      address: pubkey,
      caipAddress: `solana:${reference}:${pubkey}`,
    }
    ctx.account = { ...ctx.account, get: () => state.accounts.solana }
    ctx.chains = {
      ...ctx.chains,
      activeNetwork: () => network as never,
      requestedNetworks: () => [network as never],
    }
    await afterConnect(ctx)
    const message = flowOf(ctx).store.get().message ?? ''
    expect(message.split('\n').slice(0, 2)).toEqual([
      `${location.host} wants you to sign in with your Solana account:`,
      pubkey,
    ])
    expect(message).toContain(`Chain ID: ${reference}`)
    await flowOf(ctx).sign()
    expect(flowOf(ctx).store.get().error).toBeUndefined()
    expect(storage.data.get('session')).toMatchObject({ caipAddress: `solana:${reference}:${pubkey}` })
    expect(verifier.issued.size).toBe(0)
  })
})

const toBase58Bytes = (bytes: Uint8Array) => {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = 0n
  for (const byte of bytes) value = (value << 8n) + BigInt(byte)
  let out = ''
  for (; value > 0n; value /= 58n) out = ALPHABET[Number(value % 58n)] + out
  for (const byte of bytes) {
    if (byte !== 0) break
    out = `1${out}`
  }
  return out
}

describe('SIWX: cancel and failures', () => {
  it('cancel closes the modal when sign-in is optional', async () => {
    fakeVerifier()
    const { ctx, disconnect } = setup()
    await afterConnect(ctx)
    view(ctx)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(ctx.modal.close).toHaveBeenCalled())
    expect(disconnect).not.toHaveBeenCalled()
  })

  it('cancel disconnects and resets to Connect when sign-in is required', async () => {
    fakeVerifier()
    const { ctx, disconnect } = setup({ required: true })
    await afterConnect(ctx)
    view(ctx)
    expect(screen.getByText(en.description)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(ctx.router.reset).toHaveBeenCalledWith('Connect'))
    expect(disconnect).toHaveBeenCalledTimes(1)
    expect(ctx.modal.close).not.toHaveBeenCalled()
  })

  it('a failed initialisation disconnects, shows Connect and the behaviour reference message', async () => {
    fakeVerifier({ nonceFails: true })
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { ctx, disconnect } = setup()
    await act(() => afterConnect(ctx))
    expect(disconnect).toHaveBeenCalledTimes(1)
    expect(ctx.modal.open).toHaveBeenLastCalledWith('Connect')
    expect(ctx.toast.error).toHaveBeenCalledWith(MESSAGES.siwxInitFailed)
  })

  it('shows the behaviour reference precondition messages when signing cannot start', async () => {
    fakeVerifier()
    const cases: [Setup, string][] = [
      [{ siwx: false }, MESSAGES.siwxNotEnabled],
      [{ network: 'none' }, MESSAGES.noActiveCaipNetwork],
      [{ provider: undefined }, MESSAGES.noConnectionClient],
    ]
    for (const [options, message] of cases) {
      const { ctx } = setup(options)
      await flowOf(ctx).sign()
      expect(flowOf(ctx).store.get().error).toBe(message)
    }
    const { ctx, state } = setup()
    if (state.accounts.eip155) state.accounts.eip155.status = 'disconnected'
    await flowOf(ctx).sign()
    expect(flowOf(ctx).store.get().error).toBe(MESSAGES.noActiveCaipAddress)
  })
})

describe('SIWX: catalogue and message text', () => {
  it('carries the behaviour §8 wording', () => {
    expect(plugin.messages.en).toBe(en)
    expect([en.signatureDeclined, en.smartAccountNotSupported, en.initFailed]).toEqual([
      MESSAGES.signatureDeclined,
      MESSAGES.smartAccountNotSupported,
      MESSAGES.siwxInitFailed,
    ])
    expect([en.notEnabled, en.noAddress, en.noNetwork, en.noClient]).toEqual([
      MESSAGES.siwxNotEnabled,
      MESSAGES.noActiveCaipAddress,
      MESSAGES.noActiveCaipNetwork,
      MESSAGES.noConnectionClient,
    ])
  })

  it('keeps an app statement on one line (it cannot forge fields) and lists resources', () => {
    const text = formatSignInMessage({
      namespace: 'eip155',
      domain: 'localhost',
      accountAddress: signer.address,
      statement: 'Hello\nURI: https://evil.example\r\nNonce: 00000000',
      uri: 'http://localhost/',
      version: '1',
      chainId: '1',
      nonce: 'abcdefgh1234',
      issuedAt: new Date().toISOString(),
      resources: ['https://example.com/tos'],
    })
    const parsed = new SiweMessage(text)
    expect(parsed.uri).toBe('http://localhost/')
    expect(parsed.nonce).toBe('abcdefgh1234')
    expect(parsed.statement).toBe('Hello URI: https://evil.example Nonce: 00000000')
    expect(parsed.resources).toEqual(['https://example.com/tos'])
  })
})
