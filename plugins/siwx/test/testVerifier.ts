/** Test only: a sign-in verifier behind `fetch`, checking messages with the EIP-4361 reference parser. */
import { createPublicKey, verify } from 'node:crypto'
import { SiweMessage } from 'siwe'
import { type Hex, verifyMessage } from 'viem'
import { vi } from 'vitest'

export const API = 'http://api.test'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function base58Decode(text: string): Buffer {
  let value = 0n
  for (const char of text) value = value * 58n + BigInt(ALPHABET.indexOf(char))
  const bytes: number[] = []
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn))
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Buffer.from(bytes)
}

/** CAIP-122 (Solana): the address and nonce lines, and the ed25519 signature by that key. */
function verifySolana(
  message: string,
  signature: string,
): { address: string; nonce: string; chainId: string } | undefined {
  const lines = message.split('\n')
  const address = lines[1] ?? ''
  const nonce = /^Nonce: (.+)$/m.exec(message)?.[1] ?? ''
  const chainId = /^Chain ID: (.+)$/m.exec(message)?.[1] ?? ''
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: base58Decode(address).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, Buffer.from(message), key, base58Decode(signature))
    ? { address, nonce, chainId }
    : undefined
}

export function fakeVerifier(
  options: { nonceFails?: boolean; refuse?: boolean; sessionValid?: boolean } = {},
) {
  const issued = new Set<string>()
  const tokens = new Set<string>()
  const verified: SiweMessage[] = []
  let count = 0
  const reply = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.searchParams.get('projectId') !== 'test-project') return reply(400, { message: 'projectId' })
    if (url.pathname === '/v1/siwx/nonce') {
      if (options.nonceFails) return reply(503, { message: 'down' })
      count += 1
      const nonce = `nonce${count}abcdef${count}`
      issued.add(nonce)
      return reply(200, { nonce, expiresAt: new Date(Date.now() + 300_000).toISOString() })
    }
    const body = JSON.parse(String(init?.body)) as { message: string; signature: Hex; token: string }
    if (url.pathname === '/v1/siwx/session')
      return options.sessionValid === false || !tokens.has(body.token)
        ? reply(401, { message: 'Session expired or invalid' })
        : reply(200, {})
    if (body.message.includes('with your Solana account:')) {
      const solana = verifySolana(body.message, body.signature)
      if (!solana || !issued.delete(solana.nonce)) return reply(401, { message: 'Signature does not match' })
      tokens.add('token-solana')
      return reply(200, {
        caipAddress: `solana:${solana.chainId}:${solana.address}`,
        issuedAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
        token: 'token-solana',
        session: { data: {}, message: body.message, signature: body.signature },
      })
    }
    const parsed = new SiweMessage(body.message)
    if (options.refuse || !issued.delete(parsed.nonce)) return reply(401, { message: 'Nonce unknown' })
    const ok = await verifyMessage({
      address: parsed.address as Hex,
      message: body.message,
      signature: body.signature,
    })
    if (!ok) return reply(401, { message: 'Signature does not match' })
    verified.push(parsed)
    const token = `token-${verified.length}`
    tokens.add(token)
    return reply(200, {
      caipAddress: `eip155:${parsed.chainId}:${parsed.address}`,
      issuedAt: parsed.issuedAt,
      expiresAt: parsed.expirationTime,
      token,
      session: { data: { nonce: parsed.nonce }, message: body.message, signature: body.signature },
    })
  })
  vi.stubGlobal('fetch', fetch)
  return { fetch, verified, issued }
}
