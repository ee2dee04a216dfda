import type { TransactionPreview } from '@portico/shared-types/api'
import { callsDigest, canonicalCall } from '@portico/shared-types/preview-digest'
import { describe, expect, it, vi } from 'vitest'
import { loadPreview } from './load.ts'
import { MAX_PREVIEW_ANSWER_BYTES } from './schema.ts'
import { snapshotRequest } from './snapshot.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const CONTEXT = { chainId: 31337, account: FROM }
// transfer(0x…dead, 1): what the wallet would be asked to send.
const DATA = `0xa9059cbb${'0'.repeat(24)}000000000000000000000000000000000000dead${'0'.repeat(63)}1`

const request = () =>
  snapshotRequest({
    method: 'eth_sendTransaction',
    params: [{ from: FROM, to: TOKEN, value: '0x0', data: DATA }],
  })
const ownDigest = callsDigest(31337, FROM, [canonicalCall({ to: TOKEN, value: '0x0', data: DATA })])

function answer(overrides: Partial<TransactionPreview> = {}): TransactionPreview {
  return {
    kind: 'transaction',
    chainId: 'eip155:31337',
    digest: ownDigest,
    status: 'success',
    changes: [
      {
        direction: 'out',
        token: {
          address: `eip155:31337:${TOKEN}`,
          standard: 'erc20',
          symbol: 'USDC',
          name: 'USD Coin',
          decimals: 6,
          listed: false,
        },
        amount: '1',
        counterparty: '0x000000000000000000000000000000000000dEaD',
      },
    ],
    approvals: [],
    gasUsed: '30000',
    ...overrides,
  }
}

const serving = (body: string, init: ResponseInit = {}) =>
  vi.fn(
    async () => new Response(body, { status: 200, headers: { 'content-type': 'application/json' }, ...init }),
  )

const api = (fetch: typeof globalThis.fetch) => ({ apiUrl: 'http://api.test', projectId: 'p', fetch })

describe('transaction preview: the API describes, it never chooses which request', () => {
  it('shows an answer whose digest is the one computed here from the request to send', async () => {
    const outcome = await loadPreview(api(serving(JSON.stringify(answer()))), request(), CONTEXT)
    expect(outcome.kind).toBe('transaction')
  })

  it('an answer with another digest (a preview of another request) is not shown: unavailable', async () => {
    const other = answer({ digest: `0x${'ab'.repeat(32)}` })
    const outcome = await loadPreview(api(serving(JSON.stringify(other))), request(), CONTEXT)
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'mismatch' })
  })

  it("an answer for another chain is not this request's", async () => {
    const outcome = await loadPreview(
      api(serving(JSON.stringify(answer({ chainId: 'eip155:1' })))),
      request(),
      CONTEXT,
    )
    expect(outcome.kind).toBe('unavailable')
  })

  it('the digest is of what the API was asked: the body carries the canonical request', async () => {
    const fetch = serving(JSON.stringify(answer()))
    await loadPreview(api(fetch), request(), CONTEXT)
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(JSON.parse(String(init.body))).toEqual({
      chainId: 'eip155:31337',
      transaction: { from: FROM, to: TOKEN, value: '0', data: DATA },
    })
  })

  it('an oversized answer is refused while it is read, and the stream cancelled', async () => {
    let pulled = 0
    const cancel = vi.fn()
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(64 * 1024).fill(0x20))
      },
      cancel,
    })
    const fetch = vi.fn(async () => new Response(endless, { status: 200 }))
    const outcome = await loadPreview(api(fetch), request(), CONTEXT)
    expect(outcome).toEqual({ kind: 'unavailable', reason: 'api' })
    expect(cancel).toHaveBeenCalled()
    expect(pulled * 64 * 1024).toBeLessThanOrEqual(MAX_PREVIEW_ANSWER_BYTES + 2 * 64 * 1024)
  })

  it('an answer declaring a length over the cap is refused before its body is read', async () => {
    const fetch = serving('{}', { headers: { 'content-length': String(MAX_PREVIEW_ANSWER_BYTES + 1) } })
    expect(await loadPreview(api(fetch), request(), CONTEXT)).toEqual({ kind: 'unavailable', reason: 'api' })
  })

  it.each([
    ['not JSON', '{"kind":"transaction",'],
    ['an unknown kind', JSON.stringify({ ...answer(), kind: 'safe' })],
    [
      'a negative amount',
      JSON.stringify(answer({ changes: [{ ...answer().changes?.[0], amount: '-5' } as never] })),
    ],
    ['too many changes', JSON.stringify(answer({ changes: Array(300).fill(answer().changes?.[0]) }))],
    [
      'a token address that is no address',
      JSON.stringify(
        answer({
          changes: [
            {
              ...answer().changes[0],
              token: {
                ...answer().changes[0]?.token,
                address: 'javascript:alert(1)',
              },
            } as never,
          ],
        }),
      ),
    ],
  ])('a malformed answer (%s) is unavailable, never shown in part', async (_, body) => {
    expect(await loadPreview(api(serving(body)), request(), CONTEXT)).toEqual({
      kind: 'unavailable',
      reason: 'api',
    })
  })

  it('an API that is down or slow is unavailable, and the visitor still decides', async () => {
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await loadPreview(api(down), request(), CONTEXT)).toEqual({ kind: 'unavailable', reason: 'api' })
    const hanging = vi.fn(
      (_url: string, init?: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
        ),
    )
    const slow = await loadPreview({ ...api(hanging as never), timeoutMs: 20 }, request(), CONTEXT)
    expect(slow).toEqual({ kind: 'unavailable', reason: 'api' })
  })

  it('control and bidi characters in symbols and names are dropped before anything renders them', async () => {
    const sneaky = answer()
    const change = sneaky.changes[0]
    if (!change) throw new Error('fixture')
    change.token.symbol = 'U\u202eCDS\u200b\u0007'
    change.token.name = 'USD\u2066 Coin\u2069\n'
    const outcome = await loadPreview(api(serving(JSON.stringify(sneaky))), request(), CONTEXT)
    if (outcome.kind !== 'transaction') throw new Error(`expected a transaction, got ${outcome.kind}`)
    expect(outcome.preview.changes[0]?.token.symbol).toBe('UCDS')
    expect(outcome.preview.changes[0]?.token.name).toBe('USD Coin')
  })

  it('a request it cannot pin down (data and input that differ) is not asked about', async () => {
    const fetch = serving(JSON.stringify(answer()))
    const twoFaced = snapshotRequest({
      method: 'eth_sendTransaction',
      params: [{ from: FROM, to: TOKEN, data: DATA, input: '0x' }],
    })
    expect(await loadPreview(api(fetch), twoFaced, CONTEXT)).toEqual({
      kind: 'unavailable',
      reason: 'request',
    })
    expect(fetch).not.toHaveBeenCalled()
  })
})
