import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/api/testServer.ts'
import {
  buildUrl,
  createHttpClient,
  errorMessage,
  HttpError,
  parseRetryAfter,
  ResponseShapeError,
  TimeoutError,
} from './http.ts'

const Ok = v.object({ ok: v.boolean() })

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())
beforeEach(() => {
  server.requests.length = 0
})

const client = (options: Partial<Parameters<typeof createHttpClient>[0]> = {}) =>
  createHttpClient({ baseUrl: server.url, baseDelayMs: 10, ...options })

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected a rejection')
}

function rejectionSync(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

describe('createHttpClient', () => {
  it('GETs, adds the clientId and query values, and returns the validated body', async () => {
    server.on('GET /v1/thing', { body: { ok: true, extra: 1 } })
    const result = await client({ clientId: 'abc' }).get('/v1/thing', {
      query: { a: 1, b: 'x', skipped: undefined, none: null, flag: false },
      schema: Ok,
    })
    expect(result).toEqual({ ok: true })
    const [request] = server.requests
    expect(request?.query.get('clientId')).toBe('abc')
    expect(Object.fromEntries(request?.query ?? [])).toEqual({
      a: '1',
      b: 'x',
      flag: 'false',
      clientId: 'abc',
    })
    expect(request?.headers.accept).toBe('application/json')
  })

  it('omits clientId when not set', async () => {
    server.on('GET /v1/thing', { body: { ok: true } })
    await client().get('v1/thing', { schema: Ok })
    expect(server.requests[0]?.query.has('clientId')).toBe(false)
  })

  it('sends JSON bodies with POST, PUT and DELETE', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const)
      server.on(`${method} /v1/item`, { body: { ok: true } })
    const http = client()
    await http.post('/v1/item', { body: { n: 1 }, schema: Ok })
    await http.put('/v1/item', { body: { n: 2 }, schema: Ok })
    await http.delete('/v1/item', { schema: Ok })
    expect(server.requests.map((r) => [r.method, r.body, r.headers['content-type']])).toEqual([
      ['POST', '{"n":1}', 'application/json'],
      ['PUT', '{"n":2}', 'application/json'],
      ['DELETE', '', undefined],
    ])
  })

  it('retries a 503 and then succeeds', async () => {
    server.on('GET /flaky', { status: 503, body: {} }, { body: { ok: true } })
    await expect(client().get('/flaky', { schema: Ok })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })

  it.each([403, 408, 413, 429, 500, 502, 504])('retries status %i', async (status) => {
    server.on('GET /status', { status, body: {} }, { body: { ok: true } })
    await expect(client().get('/status', { schema: Ok })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })

  it('retries statuses for POST too (the server rejected it before acting)', async () => {
    server.on('POST /busy', { status: 429, body: {} }, { body: { ok: true } })
    await expect(client().post('/busy', { body: {}, schema: Ok })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })

  it('gives up after 3 retries with 150 ms doubling backoff and throws HttpError with the body', async () => {
    server.on('GET /down', { status: 500, body: { message: 'boom' } })
    const started = Date.now()
    const error = await rejection(createHttpClient({ baseUrl: server.url }).get('/down', { schema: Ok }))
    const elapsed = Date.now() - started
    expect(server.requests).toHaveLength(4)
    expect(elapsed).toBeGreaterThanOrEqual(150 + 300 + 600 - 20)
    expect(elapsed).toBeLessThan(3000)
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 500, body: { message: 'boom' } })
    expect(errorMessage(error)).toBe('GET /down failed with status 500: boom')
  })

  it('does not retry other statuses and keeps a non-JSON error body as text', async () => {
    server.on('GET /missing', { status: 404, body: 'no such thing' })
    const error = await rejection(client().get('/missing', { schema: Ok }))
    expect(server.requests).toHaveLength(1)
    expect(error).toMatchObject({ status: 404, body: 'no such thing' })
  })

  it('waits the Retry-After seconds of a 429', async () => {
    server.on(
      'GET /limited',
      { status: 429, headers: { 'retry-after': '1' }, body: {} },
      { body: { ok: true } },
    )
    const started = Date.now()
    await expect(client().get('/limited', { schema: Ok })).resolves.toEqual({ ok: true })
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
  })

  it('waits until a Retry-After HTTP date', async () => {
    const retryAt = new Date(Math.ceil((Date.now() + 1000) / 1000) * 1000)
    server.on(
      'GET /limited-date',
      { status: 503, headers: { 'retry-after': retryAt.toUTCString() }, body: {} },
      { body: { ok: true } },
    )
    await expect(client().get('/limited-date', { schema: Ok })).resolves.toEqual({ ok: true })
    expect(Date.now()).toBeGreaterThanOrEqual(retryAt.getTime() - 20)
  })

  it('stops at once when Retry-After asks for longer than the cap', async () => {
    server.on('GET /go-away', { status: 429, headers: { 'retry-after': '120' }, body: {} })
    const started = Date.now()
    const error = await rejection(client().get('/go-away', { schema: Ok }))
    expect(error).toMatchObject({ status: 429 })
    expect(server.requests).toHaveLength(1)
    expect(Date.now() - started).toBeLessThan(500)
  })

  it('retries a dropped connection for GET', async () => {
    server.on('GET /drop', { destroy: true }, { body: { ok: true } })
    await expect(client().get('/drop', { schema: Ok })).resolves.toEqual({ ok: true })
    expect(server.requests).toHaveLength(2)
  })

  it('does not repeat a POST whose connection dropped', async () => {
    server.on('POST /drop', { destroy: true }, { body: { ok: true } })
    await expect(client().post('/drop', { body: {}, schema: Ok })).rejects.toBeInstanceOf(Error)
    expect(server.requests).toHaveLength(1)
  })

  it('times out a slow answer with the behaviour reference message', async () => {
    server.on('GET /slow', { delayMs: 400, body: { ok: true } })
    const error = await rejection(client({ timeoutMs: 100, retries: 0 }).get('/slow', { schema: Ok }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(errorMessage(error)).toBe('The request took too long to respond')
  })

  it('times out a body that stalls after the headers', async () => {
    server.on('GET /stall', { stallBodyMs: 400, body: { ok: true } })
    await expect(client({ timeoutMs: 100, retries: 0 }).get('/stall', { schema: Ok })).rejects.toBeInstanceOf(
      TimeoutError,
    )
  })

  it('applies the timeout per try and retries a GET that timed out', async () => {
    // The first answer comes far past the timeout; the second at once, with the whole timeout to spare
    // (a 100 ms timeout let a loaded machine time the second try out as well, and ask a third time).
    server.on('GET /slow-once', { delayMs: 3_000, body: { ok: true } }, { body: { ok: true } })
    await expect(client({ timeoutMs: 1_500 }).get('/slow-once', { schema: Ok })).resolves.toEqual({
      ok: true,
    })
    expect(server.requests).toHaveLength(2)
  })

  it('stops when the caller aborts, without retrying', async () => {
    server.on('GET /slow-abort', { delayMs: 300, body: { ok: true } })
    const controller = new AbortController()
    const pending = client().get('/slow-abort', { schema: Ok, signal: controller.signal })
    setTimeout(() => controller.abort(new Error('user left')), 50)
    await expect(pending).rejects.toThrow('user left')
    expect(server.requests).toHaveLength(1)
  })

  it('throws ResponseShapeError for malformed JSON without retrying', async () => {
    server.on('GET /garbled', { body: '{"ok": tru' })
    const error = await rejection(client().get('/garbled', { schema: Ok }))
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect((error as Error).message).toBe('GET /garbled answered with malformed JSON')
    expect(server.requests).toHaveLength(1)
  })

  it('throws ResponseShapeError naming the field for a body of the wrong shape', async () => {
    server.on('GET /shape', { body: { ok: 'yes' } })
    const error = await rejection(client().get('/shape', { schema: Ok }))
    expect(error).toBeInstanceOf(ResponseShapeError)
    expect((error as Error).message).toMatch(/^GET \/shape answered an unexpected shape: ok: Invalid type/)
    expect((error as ResponseShapeError).body).toEqual({ ok: 'yes' })
  })

  it('passes an empty body to the schema as undefined', async () => {
    server.on('DELETE /gone', { status: 204, body: '' })
    await expect(client().delete('/gone', { schema: v.undefined() })).resolves.toBeUndefined()
  })
})

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, and ignores garbage', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT')
    expect(parseRetryAfter('2', now)).toBe(2000)
    expect(parseRetryAfter(' 0 ', now)).toBe(0)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:03 GMT', now)).toBe(3000)
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:27:00 GMT', now)).toBe(0)
    expect(parseRetryAfter('soon', now)).toBeUndefined()
    expect(parseRetryAfter('-5', now)).toBeUndefined()
    expect(parseRetryAfter(null, now)).toBeUndefined()
  })
})

describe('buildUrl', () => {
  it('joins base and path with one slash and keeps a base path', () => {
    expect(buildUrl('http://h/api/', '/v1/x', { q: 'a b' })).toBe('http://h/api/v1/x?q=a+b')
    expect(buildUrl('http://h/api', 'v1/x')).toBe('http://h/api/v1/x')
  })
})

describe('errorMessage', () => {
  it('follows behaviour §8: string, first validation issue, message, else Unknown error', () => {
    expect(errorMessage('plain')).toBe('plain')
    const validation = rejectionSync(() => v.parse(v.pipe(v.string(), v.email('Invalid email')), 'x'))
    expect(validation).toBeInstanceOf(v.ValiError)
    expect(errorMessage(validation)).toBe('Invalid email')
    expect(errorMessage(new Error('failed'))).toBe('failed')
    expect(errorMessage({ message: 'object with message' })).toBe('object with message')
    expect(errorMessage(new Error(''))).toBe('Unknown error')
    expect(errorMessage(42)).toBe('Unknown error')
    expect(errorMessage(null)).toBe('Unknown error')
  })
})
