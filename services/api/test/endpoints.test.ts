import type { Devnet } from '@portico/devnet'
import type {
  ApiErrorBody,
  BalanceResponse,
  CreateSessionResponse,
  FungiblePriceResponse,
  GasPriceResponse,
  IdentityResponse,
  RevokeSessionResponse,
  SessionsResponse,
  SupportedChainsResponse,
} from '@portico/shared-types/api'
import { type Address, erc20Abi, formatUnits, getAddress, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiServer } from '../src/index.ts'
import {
  chainClients,
  getJson,
  PROJECT,
  postJson,
  sendToken,
  signedSessionBody,
  startApiOverDevnet,
} from './helpers.ts'

let devnet: Devnet
let api: ApiServer
let stack: Awaited<ReturnType<typeof startApiOverDevnet>>
const q = `projectId=${PROJECT}&st=portico&sv=1.7.0&clientId=test-client`

beforeAll(async () => {
  stack = await startApiOverDevnet('portico-api-endpoints-', { pollMs: 100 })
  ;({ devnet, api } = stack)
})

afterAll(() => stack?.stop())

const account = (i: number) => {
  const a = devnet.accounts[i]
  if (!a) throw new Error(`no account ${i}`)
  return a
}
const rpc = (chainId: number) => devnet.chains.find((c) => c.chainId === chainId)?.rpcUrl ?? ''
const fixtures = (chainId: number) => {
  const f = devnet.fixtures?.[chainId]
  if (!f) throw new Error(`no fixtures on ${chainId}`)
  return f
}

describe('GET /v1/supported-chains', () => {
  it('lists our local chains for HTTP and WebSocket, plus the behaviour reference networks', async () => {
    const { status, body } = await getJson<SupportedChainsResponse>(`${api.url}/v1/supported-chains?${q}`)
    expect(status).toBe(200)
    expect(body.http).toEqual(
      expect.arrayContaining(['eip155:31337', 'eip155:31338', 'eip155:1', 'eip155:8453']),
    )
    expect(body.ws).toEqual(['eip155:31337', 'eip155:31338'])
  })
})

describe('GET /v1/account/{address}/balance', () => {
  it('reports native and token balances exactly as the chains hold them, with prices', async () => {
    const owner = account(1).address
    const { status, body } = await getJson<BalanceResponse>(
      `${api.url}/v1/account/${owner}/balance?${q}&currency=usd`,
    )
    expect(status).toBe(200)
    const prices: Record<string, number> = { ETH: 3000, PTT: 1.25, USDC: 1, JUNK: 0 }
    for (const chainId of [31337, 31338]) {
      const { publicClient } = chainClients(chainId, rpc(chainId))
      const onChain = body.balances.filter((b) => b.chainId === `eip155:${chainId}`)
      const native = onChain.find((b) => b.address === undefined)
      const wei = await publicClient.getBalance({ address: owner })
      expect(native).toMatchObject({
        symbol: 'ETH',
        price: 3000,
        quantity: { decimals: '18', numeric: formatUnits(wei, 18) },
      })
      expect(native?.value).toBeCloseTo(Number(formatUnits(wei, 18)) * 3000, 6)
      for (const [symbol, address] of Object.entries(fixtures(chainId).tokens)) {
        const [raw, decimals] = await Promise.all([
          publicClient.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
          publicClient.readContract({ address, abi: erc20Abi, functionName: 'decimals' }),
        ])
        expect(raw).toBeGreaterThan(0n)
        const item = onChain.find((b) => b.address === `eip155:${chainId}:${getAddress(address)}`)
        expect(item, `${symbol} on ${chainId}`).toMatchObject({
          symbol,
          price: prices[symbol],
          quantity: { decimals: String(decimals), numeric: formatUnits(raw, decimals) },
        })
        expect(item?.iconUrl).toMatch(/^data:image\/svg\+xml,/)
      }
      // JUNK has 0 decimals: reported as such (the kernel drops it).
      expect(onChain.find((b) => b.symbol === 'JUNK')?.quantity.decimals).toBe('0')
      expect(onChain).toHaveLength(4)
    }
  })

  it('follows a transfer at once and leaves out zero token balances', async () => {
    const receiver = privateKeyToAccount(`0x${'7'.repeat(64)}`).address
    const url = `${api.url}/v1/account/${receiver}/balance?${q}&chainId=eip155:31337`
    const before = await getJson<BalanceResponse>(url)
    expect(before.body.balances.map((b) => b.symbol)).toEqual(['ETH'])
    expect(before.body.balances[0]?.quantity.numeric).toBe('0')

    const ptt = fixtures(31337).tokens.PTT
    await sendToken(rpc(31337), 31337, account(1).privateKey, ptt, receiver, parseUnits('1.5', 18))
    const after = await getJson<BalanceResponse>(url)
    expect(after.body.balances.find((b) => b.symbol === 'PTT')).toMatchObject({
      quantity: { decimals: '18', numeric: '1.5' },
      value: 1.875,
      address: `eip155:31337:${getAddress(ptt)}`,
    })
  })

  it('reports a forced token even at zero, and filters by chain', async () => {
    const empty = privateKeyToAccount(`0x${'8'.repeat(64)}`).address
    const usdc = fixtures(31338).tokens.USDC
    const forced = await getJson<BalanceResponse>(
      `${api.url}/v1/account/${empty}/balance?${q}&chainId=31338&forceUpdate=eip155:31338:${usdc}`,
    )
    expect(forced.body.balances.map((b) => [b.chainId, b.symbol, b.quantity.numeric])).toEqual([
      ['eip155:31338', 'ETH', '0'],
      ['eip155:31338', 'USDC', '0'],
    ])
    for (const other of ['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']) {
      const r = await getJson<BalanceResponse>(`${api.url}/v1/account/${empty}/balance?${q}&chainId=${other}`)
      expect(r).toMatchObject({ status: 200, body: { balances: [] } })
    }
  })
})

describe('POST /v1/fungible/price', () => {
  it('prices native and listed tokens from the price table, leaving out unpriced and unknown ones', async () => {
    const f = fixtures(31337)
    const addresses = [
      'eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
      `eip155:31337:${f.tokens.PTT}`,
      `eip155:31338:${f.tokens.USDC}`,
      `eip155:31337:${f.tokens.JUNK}`,
      'eip155:1:0x0000000000000000000000000000000000000001',
    ]
    // projectId in the body only, as the SDK sends it.
    const { status, body } = await postJson<FungiblePriceResponse>(
      `${api.url}/v1/fungible/price?st=portico&sv=1.7.0`,
      {
        currency: 'usd',
        addresses,
        projectId: PROJECT,
      },
    )
    expect(status).toBe(200)
    expect(body.fungibles.map((p) => [p.address, p.symbol, p.name, p.price])).toEqual([
      ['eip155:31337:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', 'ETH', 'Ether', 3000],
      [`eip155:31337:${f.tokens.PTT}`, 'PTT', 'Portico Test Token', 1.25],
      [`eip155:31338:${f.tokens.USDC}`, 'USDC', 'Test USD Coin', 1],
    ])
    expect(body.fungibles.every((p) => p.iconUrl.startsWith('data:image/svg+xml,'))).toBe(true)
  })

  it('uses a changed price at once', async () => {
    const ptt = { chainId: 31337, address: fixtures(31337).tokens.PTT, currency: 'usd' }
    await api.repository.setPrice({ ...ptt, price: 2, updatedAt: 1 })
    const { body } = await postJson<FungiblePriceResponse>(`${api.url}/v1/fungible/price?${q}`, {
      currency: 'usd',
      addresses: [`eip155:31337:${fixtures(31337).tokens.PTT}`],
    })
    expect(body.fungibles[0]?.price).toBe(2)
    await api.repository.setPrice({ ...ptt, price: 1.25, updatedAt: 2 })
  })

  it('refuses a malformed body with a clear message', async () => {
    const cases: [unknown, RegExp][] = [
      [{ currency: 'usd', addresses: [] }, /addresses must not be empty/],
      [
        { currency: 'usd', addresses: ['0x5FbDB2315678afecb367f032d93F642f64180aa3'] },
        /Invalid token address/,
      ],
      [
        { currency: 'dollars', addresses: ['eip155:1:0x0000000000000000000000000000000000000001'] },
        /currency/,
      ],
      ['just a string', /JSON object/],
      [[1, 2], /currency is required/],
    ]
    for (const [body, message] of cases) {
      const r = await postJson<ApiErrorBody>(`${api.url}/v1/fungible/price?${q}`, body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.body.message).toMatch(message)
    }
    const bad = await getJson<ApiErrorBody>(`${api.url}/v1/fungible/price?${q}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"currency":',
    })
    expect(bad.status).toBe(400)
  })
})

describe('GET /v1/convert/gas-price', () => {
  it('answers three ordered tiers in wei from the chain fee data', async () => {
    const { status, body } = await getJson<GasPriceResponse>(
      `${api.url}/v1/convert/gas-price?${q}&chainId=eip155:31338`,
    )
    expect(status).toBe(200)
    const [standard, fast, instant] = [body.standard, body.fast, body.instant].map((s) => {
      expect(s).toMatch(/^\d+$/)
      return BigInt(s)
    }) as [bigint, bigint, bigint]
    expect(fast).toBeGreaterThanOrEqual(standard)
    expect(instant).toBeGreaterThanOrEqual(fast)
    const block = await chainClients(31338, rpc(31338)).publicClient.getBlock()
    // The next base fee moves by at most 12.5 % per block.
    expect(standard).toBeGreaterThanOrEqual(((block.baseFeePerGas ?? 0n) * 875n) / 1000n)
  })

  it('refuses a chain it does not serve, and a missing chainId', async () => {
    const r = await getJson<ApiErrorBody>(`${api.url}/v1/convert/gas-price?${q}&chainId=eip155:1`)
    expect(r.status).toBe(400)
    expect(r.body.message).toMatch(/Network not supported for Gas Price/)
    const missing = await getJson<ApiErrorBody>(`${api.url}/v1/convert/gas-price?${q}`)
    expect(missing.status).toBe(400)
    expect(missing.body.message).toMatch(/chainId is required/)
  })
})

describe('GET /v1/identity/{address}', () => {
  it('answers the latest registered name and avatar, or nulls', async () => {
    const who = account(5).address
    const url = `${api.url}/v1/identity/${who}?${q}&sender=${account(0).address}`
    expect((await getJson<IdentityResponse>(url)).body).toEqual({ name: null, avatar: null })
    await api.repository.putName({
      name: 'alice.reown.id',
      address: who,
      avatar: 'https://example.invalid/a.png',
      attributes: {},
      createdAt: 100,
    })
    expect((await getJson<IdentityResponse>(url)).body).toEqual({
      name: 'alice.reown.id',
      avatar: 'https://example.invalid/a.png',
    })
    const badSender = await getJson<ApiErrorBody>(`${api.url}/v1/identity/${who}?${q}&sender=bob`)
    expect(badSender.status).toBe(400)
  })
})

describe('sessions', () => {
  const permission = {
    permissionType: 'contract-call',
    data: '0x1234',
    required: true,
    onChainValidated: false,
  }

  it('creates, lists and revokes a session with the account signature', async () => {
    const owner = account(6)
    const caip = `eip155:31337:${owner.address}`
    const expiry = Math.floor(Date.now() / 1000) + 3600
    const created = await postJson<CreateSessionResponse>(
      `${api.url}/v1/sessions/${caip}?${q}`,
      await signedSessionBody(owner.privateKey, permission, { expiry }),
    )
    expect(created.status).toBe(201)
    const { pci } = created.body
    const listed = await getJson<SessionsResponse>(`${api.url}/v1/sessions/${caip}?${q}`)
    expect(listed.body.pcis).toEqual([
      expect.objectContaining({
        pci,
        address: owner.address,
        projectId: PROJECT,
        permission,
        expiry,
        revokedAt: null,
      }),
    ])

    const revokeUrl = `${api.url}/v1/sessions/${caip}/revoke?${q}`
    const stranger = await privateKeyToAccount(account(7).privateKey).signMessage({ message: pci })
    const refused = await postJson<ApiErrorBody>(revokeUrl, { pci, signature: stranger })
    expect(refused.status).toBe(401)
    const otherMessage = await privateKeyToAccount(owner.privateKey).signMessage({ message: `${pci}x` })
    expect((await postJson(revokeUrl, { pci, signature: otherMessage })).status).toBe(401)
    expect(
      (await getJson<SessionsResponse>(`${api.url}/v1/sessions/${owner.address}?${q}`)).body.pcis[0]
        ?.revokedAt,
    ).toBeNull()

    const signature = await privateKeyToAccount(owner.privateKey).signMessage({ message: pci })
    const revoked = await postJson<RevokeSessionResponse>(revokeUrl, { pci, signature })
    expect(revoked.status).toBe(200)
    expect(revoked.body.pci).toBe(pci)
    expect(Math.abs(revoked.body.revokedAt - Date.now() / 1000)).toBeLessThan(60)
    const again = await postJson<RevokeSessionResponse>(revokeUrl, { pci, signature })
    expect(again.body.revokedAt).toBe(revoked.body.revokedAt)
    const after = await getJson<SessionsResponse>(`${api.url}/v1/sessions/${owner.address}?${q}`)
    expect(after.body.pcis[0]?.revokedAt).toBe(revoked.body.revokedAt)
  })

  it('refuses unknown sessions, another account’s session and malformed bodies', async () => {
    const owner = account(8)
    const { body } = await postJson<CreateSessionResponse>(
      `${api.url}/v1/sessions/${owner.address}?${q}`,
      await signedSessionBody(owner.privateKey, permission),
    )
    const signature = await privateKeyToAccount(owner.privateKey).signMessage({ message: body.pci })
    const other = account(9).address
    expect(
      (await postJson(`${api.url}/v1/sessions/${other}/revoke?${q}`, { pci: body.pci, signature })).status,
    ).toBe(404)
    expect(
      (await postJson(`${api.url}/v1/sessions/${owner.address}/revoke?${q}`, { pci: 'nope', signature }))
        .status,
    ).toBe(404)
    const bad = await postJson<ApiErrorBody>(`${api.url}/v1/sessions/${owner.address}/revoke?${q}`, {
      pci: body.pci,
      signature: 'abc',
    })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/signature must be a 0x hex string/)
    const noPermission = await postJson<ApiErrorBody>(`${api.url}/v1/sessions/${owner.address}?${q}`, {})
    expect(noPermission.status).toBe(400)
  })
})

describe('errors', () => {
  const owner = () => account(1).address as Address

  it('answers bad input with 400 and a clear message', async () => {
    const cases: [string, RegExp][] = [
      [`/v1/account/0x1234/balance?${q}`, /Invalid address "0x1234"/],
      [`/v1/account/${owner()}/balance?${q}&chainId=ethereum`, /Invalid chainId "ethereum"/],
      [`/v1/account/${owner()}/balance?${q}&chainId=eip155:31337&chainId=eip155:31338`, /single value/],
      [`/v1/account/${owner()}/balance?${q}&currency=dollars`, /currency/],
      [`/v1/account/${owner()}/balance?${q}&forceUpdate=PTT`, /Invalid token address "PTT"/],
      [`/v1/account/${owner()}/history?${q}&cursor=not-a-cursor`, /Invalid cursor/],
      [
        `/v1/account/${owner()}/history?${q}&cursor=${Buffer.from('1.2.3').toString('base64url')}`,
        /Invalid cursor/,
      ],
      [`/v1/account/zzz/history?${q}`, /Invalid address/],
      [`/v1/identity/${'0x'.padEnd(42, 'g')}?${q}`, /Invalid address/],
      [`/v1/supported-chains?st=portico`, /Missing projectId/],
      [`/v1/supported-chains?${q}&projectId=${PROJECT}`, /projectId must be one non-empty value/],
      [`/v1/account/%ZZ/balance?${q}`, /not a valid url/],
    ]
    for (const [path, message] of cases) {
      const r = await getJson<ApiErrorBody>(`${api.url}${path}`)
      expect(r.status, path).toBe(400)
      expect(r.body).toMatchObject({ statusCode: 400, error: 'Bad Request' })
      expect(r.body.message, path).toMatch(message)
    }
  })

  it('answers an unknown projectId with 403 and an unknown route with a JSON 404', async () => {
    const forbidden = await getJson<ApiErrorBody>(`${api.url}/v1/supported-chains?projectId=someone-else`)
    expect(forbidden).toMatchObject({
      status: 403,
      body: { statusCode: 403, message: 'Unknown projectId "someone-else"' },
    })
    const missing = await getJson<ApiErrorBody>(`${api.url}/v2/whatever?${q}`)
    expect(missing).toMatchObject({ status: 404, body: { statusCode: 404, error: 'Not Found' } })
    expect(missing.headers.get('content-type')).toMatch(/application\/json/)
  })

  it('allows browser callers from local origins only', async () => {
    const local = await fetch(`${api.url}/v1/supported-chains?${q}`, {
      headers: { origin: 'http://localhost:5173' },
    })
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    const preflight = await fetch(`${api.url}/v1/fungible/price`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:4000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:4000')
    const foreign = await fetch(`${api.url}/v1/supported-chains?${q}`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('is still healthy after all of that', async () => {
    const r = await getJson<{ ok: boolean }>(`${api.url}/health`)
    expect(r).toMatchObject({ status: 200, body: { ok: true } })
  })
})
