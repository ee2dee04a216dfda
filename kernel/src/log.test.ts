// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger, LOG_SIZE_LIMIT_BYTES } from './log.ts'

afterEach(() => vi.restoreAllMocks())

const textOf = (call: unknown[] | undefined) =>
  (call ?? []).filter((part): part is string => typeof part === 'string').join('')

describe('logger (behaviour §9)', () => {
  it('shows errors only by default, everything with debug', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    createLogger(false).warn('hidden')
    createLogger(false).error('shown')
    createLogger(true).warn('shown too')
    expect(warn.mock.calls).toEqual([['[Portico]', 'shown too']])
    expect(error.mock.calls).toEqual([['shown']])
  })

  it('cuts an entry’s text to 1,024,000 bytes, however it is split across arguments', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const huge = 'x'.repeat(2 * LOG_SIZE_LIMIT_BYTES)
    const cause = new Error('kept as it is')
    createLogger(false).error('Portico: the wallet said', huge, cause, huge)
    const call = error.mock.calls[0]
    expect(LOG_SIZE_LIMIT_BYTES).toBe(1_024_000)
    expect(textOf(call).length).toBe(LOG_SIZE_LIMIT_BYTES)
    expect(textOf(call).endsWith('[truncated]')).toBe(true)
    expect(call?.[2]).toBe(cause)
    createLogger(false).error('short')
    expect(error.mock.calls[1]).toEqual(['short'])
  })
})
