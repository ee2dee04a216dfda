import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { simpleSatisfies } from './apiRange.ts'
import { apiSatisfies } from './federation.ts'

describe('the plugin-API range check without the federation runtime', () => {
  it.each([
    ['1.1.0', '^1.0.0', true],
    ['1.1.0', '^1.1.0', true],
    ['1.1.0', '^1.2.0', false],
    ['1.1.0', '^2.0.0', false],
    ['1.1.0', '^9.0.0', false],
    ['0.2.5', '^0.2.3', true],
    ['0.3.0', '^0.2.3', false],
    ['0.0.4', '^0.0.3', false],
    ['1.1.9', '~1.1.0', true],
    ['1.2.0', '~1.1.0', false],
    ['3.0.0', '>=1.0.0', true],
    ['1.1.0', '1.1.0', true],
    ['1.1.1', '=1.1.0', false],
  ])('%s satisfies %s: %s', (version, range, expected) => {
    expect(simpleSatisfies(version, range)).toBe(expected)
  })

  it.each([
    ['>=1.0.0 <2.0.0'],
    ['1.x'],
    ['^1.0.0 || ^2.0.0'],
    ['*'],
    ['^1.0.0-beta.1'],
  ])('leaves %s to the full check', (range) => {
    expect(simpleSatisfies('1.1.0', range)).toBeUndefined()
  })

  // Versions shaped as the kernel's API version is (a major of 1 or more).
  it('agrees with the federation runtime’s satisfy wherever it decides, for kernel API versions', async () => {
    const part = fc.integer({ min: 0, max: 3 })
    const triple = fc.tuple(part, part, part).map((parts) => parts.join('.'))
    const kernelVersion = fc.tuple(fc.integer({ min: 1, max: 3 }), part, part).map((parts) => parts.join('.'))
    await fc.assert(
      fc.asyncProperty(
        kernelVersion,
        fc.constantFrom('^', '~', '>=', '=', ''),
        triple,
        async (version, op, base) => {
          const range = `${op}${base}`
          const runtime = await apiSatisfies(version, range)
          // What is refused early the runtime refuses too; a range on 0.0.0 the runtime refuses
          // (false even for 1.0.0 >= 0.0.0) is left for it to refuse at load.
          if (base === '0.0.0') expect(simpleSatisfies(version, range) === false && runtime).toBe(false)
          else expect(simpleSatisfies(version, range)).toBe(runtime)
        },
      ),
      { numRuns: 400 },
    )
  })
})
