import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { createSiwxVerifier, formatSiwxMessage } from '../index.ts'

const account = privateKeyToAccount(generatePrivateKey())

function messageWith(nonce: string): string {
  const now = Date.now()
  return formatSiwxMessage({
    namespace: 'eip155',
    domain: 'app.example.com',
    accountAddress: account.address,
    statement: 'Sign in to Example',
    uri: 'https://app.example.com/',
    version: '1',
    chainId: '1',
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + 60_000).toISOString(),
  })
}

describe('createSiwxVerifier (the verifier without the HTTP service, for a dapp backend)', () => {
  const verifier = createSiwxVerifier({
    siwx: { origins: { app: ['https://app.example.com'] }, defaultOrigins: [] },
    supportedChains: ['eip155:1'],
  })

  it('issues a nonce, verifies the signed message once, and reads its session token back', async () => {
    const issued = verifier.issueNonce('app')
    const message = messageWith(issued?.nonce ?? '')
    const signature = await account.signMessage({ message })
    const session = await verifier.verify('app', message, signature)
    expect(session.caipAddress).toBe(`eip155:1:${account.address}`)
    expect(verifier.readSession('app', session.token)?.a).toBe(session.caipAddress)
    expect(verifier.readSession('another-app', session.token)).toBeUndefined()
    await expect(verifier.verify('app', message, signature)).rejects.toMatchObject({
      statusCode: 401,
      message: expect.stringMatching(/Nonce unknown or already used/),
    })
  })

  it('refuses an origin the project does not list', async () => {
    const issued = verifier.issueNonce('other')
    const message = messageWith(issued?.nonce ?? '')
    await expect(
      verifier.verify('other', message, await account.signMessage({ message })),
    ).rejects.toMatchObject({
      statusCode: 403,
    })
  })
})
