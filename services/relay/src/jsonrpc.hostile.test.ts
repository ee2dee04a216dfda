import { describe, expect, it } from 'vitest'
import { ErrorCode, formatError, MAX_DEPTH, parseIncoming } from './jsonrpc.ts'

const request = (params: string, id = '1') =>
  `{"id":${id},"jsonrpc":"2.0","method":"irn_subscribe","params":${params}}`

describe('jsonrpc: nesting of any depth is an error, never a stack overflow', () => {
  it.each([
    ['arrays, 4,000 deep in an 8 KB frame', `${'['.repeat(4000)}${']'.repeat(4000)}`],
    ['arrays, 200,000 deep', `${'['.repeat(200_000)}${']'.repeat(200_000)}`],
    ['objects, 100,000 deep', `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`],
    ['mixed, 100,000 deep', `${'[{"a":'.repeat(50_000)}1${'}]'.repeat(50_000)}`],
  ])('%s', (_name, params) => {
    const parsed = parseIncoming(request(params))
    expect(parsed).toEqual({
      kind: 'invalid',
      rawId: 'null',
      code: ErrorCode.invalidRequest,
      message: `Invalid request: nesting deeper than ${MAX_DEPTH} levels`,
    })
  })
})

describe('jsonrpc: ids are echoed exactly as the JSON values they were', () => {
  it('a string id carrying the big-integer marker cannot forge fields of the reply', () => {
    const forged = JSON.stringify('\u0000bigint:1,"result":"forged","x":1')
    const parsed = parseIncoming(`{"id":${forged},"jsonrpc":"2.0","method":"irn_teleport","params":{}}`)
    expect(parsed.kind).toBe('request')
    const reply = JSON.parse(formatError((parsed as { rawId: string }).rawId, -32601, 'Method not found'))
    expect(reply).toEqual({
      id: '\u0000bigint:1,"result":"forged","x":1',
      jsonrpc: '2.0',
      error: { code: -32601, message: 'Method not found' },
    })
  })

  it('params keep a client string that looks like a marked big integer as that string', () => {
    const parsed = parseIncoming(request(JSON.stringify({ topic: '\u0000bigint:123' })))
    expect((parsed as { params: { topic: unknown } }).params.topic).toBe('\u0000bigint:123')
  })
})

describe('jsonrpc: params are prototype-free', () => {
  it('"__proto__" in params is an own key, never the prototype', () => {
    const parsed = parseIncoming(
      request('{"__proto__":{"topic":"polluted"},"nested":[{"__proto__":{"x":1}}]}'),
    )
    const params = (parsed as { params: Record<string, unknown> }).params
    expect(Object.getPrototypeOf(params)).toBeNull()
    expect(params.topic).toBeUndefined()
    expect(Object.keys(params)).toEqual(['__proto__', 'nested'])
    const inner = (params.nested as Array<Record<string, unknown>>)[0] as Record<string, unknown>
    expect(Object.getPrototypeOf(inner)).toBeNull()
    expect(inner.x).toBeUndefined()
    expect(({} as Record<string, unknown>).topic).toBeUndefined()
  })
})
