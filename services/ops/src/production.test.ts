import { describe, expect, it } from 'vitest'
import { collectDevDefaults, DevDefaultsRefused, isProduction, refuseDevDefaults } from './production.ts'

describe('production mode', () => {
  it('is PORTICO_ENV=production or NODE_ENV=production', () => {
    expect(isProduction({ PORTICO_ENV: 'production' })).toBe(true)
    expect(isProduction({ NODE_ENV: 'production' })).toBe(true)
    expect(isProduction({ NODE_ENV: 'test', PORTICO_ENV: 'staging' })).toBe(false)
    expect(isProduction({})).toBe(false)
  })

  it('refuses with one error listing every dev default, each with its fix', () => {
    const problems = [
      { name: 'the dev project id "portico-dev"', fix: 'set PORTICO_PROJECTS' },
      { name: 'a generated key', fix: 'set THE_KEY' },
    ]
    let error: unknown
    try {
      refuseDevDefaults('The thing', problems)
    } catch (err) {
      error = err
    }
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    expect((error as Error).message).toBe(
      'The thing refuses to start in production (PORTICO_ENV or NODE_ENV=production) with 2 dev defaults:\n' +
        '  1. the dev project id "portico-dev": set PORTICO_PROJECTS\n' +
        '  2. a generated key: set THE_KEY',
    )
    expect(() => refuseDevDefaults('The thing', [])).not.toThrow()
  })

  it('a check that throws is one more listed problem, and the checks after it still run', () => {
    const problems = collectDevDefaults([
      () => {
        throw new Error('THE_KEY is weak')
      },
      () => undefined,
      () => [{ name: 'a', fix: 'b' }],
      () => ({ name: 'c', fix: 'd' }),
    ])
    expect(problems).toEqual([
      { name: 'an invalid setting', fix: 'THE_KEY is weak' },
      { name: 'a', fix: 'b' },
      { name: 'c', fix: 'd' },
    ])
  })
})
