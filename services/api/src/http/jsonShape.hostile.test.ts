import { describe, expect, it } from 'vitest'
import { jsonShapeProblem } from './jsonShape.ts'

const limits = { maxDepth: 8, maxNodes: 1000 }

function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value }
  return value
}

describe('jsonShapeProblem', () => {
  it('accepts flat and moderately nested values', () => {
    expect(jsonShapeProblem({ a: 1, b: 'x', c: [1, 2, { d: null }] }, limits)).toBeNull()
    expect(jsonShapeProblem(nested(8, 'object'), limits)).toBeNull()
    expect(jsonShapeProblem('text', limits)).toBeNull()
  })

  it('names the depth limit for deep nesting, arrays or objects, without overflowing the stack', () => {
    for (const kind of ['array', 'object'] as const) {
      expect(jsonShapeProblem(nested(9, kind), limits)).toBe('must be nested at most 8 levels deep')
      expect(jsonShapeProblem(nested(200_000, kind), limits)).toBe('must be nested at most 8 levels deep')
    }
  })

  it('names the size limit for wide values', () => {
    expect(
      jsonShapeProblem(
        Array.from({ length: 5000 }, () => 0),
        limits,
      ),
    ).toBe('must hold at most 1000 values')
    expect(
      jsonShapeProblem(Object.fromEntries(Array.from({ length: 600 }, (_, i) => [`k${i}`, i])), limits),
    ).toBe('must hold at most 1000 values')
  })
})
