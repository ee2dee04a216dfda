import { describe, expect, it } from 'vitest'
import { formatResult, MAX_DEPTH, parseIncoming } from './jsonrpc.ts'

const request = (params: string, id = '1') =>
  `{"id":${id},"jsonrpc":"2.0","method":"irn_subscribe","params":${params}}`

describe('jsonrpc: parsing', () => {
  it('accepts nesting up to the limit, with big integers restored inside', () => {
    // The request object is level 1, params level 2.
    const params = `${'['.repeat(MAX_DEPTH - 2)}12345678901234567890${']'.repeat(MAX_DEPTH - 2)}`
    const parsed = parseIncoming(request(`{"x":${params}}`))
    expect(parsed.kind).toBe('request')
    let v: unknown = (parsed as { params: { x: unknown } }).params.x
    for (let i = 0; i < MAX_DEPTH - 2; i++) v = (v as unknown[])[0]
    expect(v).toBe(Number('12345678901234567890'))
  })
})

describe('jsonrpc: ids', () => {
  it.each([
    ['a big integer, digit for digit', '1762345678901234567', '1762345678901234567'],
    ['a negative big integer', '-1762345678901234567', '-1762345678901234567'],
    ['a string of digits stays a string', '"1762345678901234567"', '"1762345678901234567"'],
    ['a string with quotes and a NUL', JSON.stringify('a"b\u0000c'), JSON.stringify('a"b\u0000c')],
    ['null', 'null', 'null'],
    ['a float', '1.5', '1.5'],
  ])('%s', (_name, id, echoed) => {
    const parsed = parseIncoming(request('{"topic":"t"}', id))
    expect((parsed as { rawId: string }).rawId).toBe(echoed)
    expect(formatResult((parsed as { rawId: string }).rawId, true)).toBe(
      `{"id":${echoed},"jsonrpc":"2.0","result":true}`,
    )
  })
})
