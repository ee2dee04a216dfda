import { describe, expect, it } from 'vitest'
import { PorticoError, walkCauses } from './base.ts'

describe('PorticoError', () => {
  it('carries a code and the error that caused it', () => {
    const cause = new Error('socket closed')
    const error = new PorticoError('WALLETCONNECT_RELAY', 'The relay did not answer', { cause })
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'PorticoError', code: 'WALLETCONNECT_RELAY', cause })
    expect(error.message).toBe('The relay did not answer')
    expect('cause' in new PorticoError(1, 'no cause')).toBe(false)
  })

  it('walks its cause chain: the first match, or the deepest cause; a looping chain ends', () => {
    const root = { code: 4001, message: 'User rejected' }
    const middle = new PorticoError('MIDDLE', 'middle', { cause: root })
    const top = new PorticoError('TOP', 'top', { cause: middle })
    expect(walkCauses(top)).toBe(root)
    expect(walkCauses(top, (error) => (error as { code?: unknown }).code === 'MIDDLE')).toBe(middle)
    expect(walkCauses(top, (error) => (error as { code?: unknown }).code === 'NONE')).toBeUndefined()
    const loop = new PorticoError('LOOP', 'loop') as PorticoError & { cause?: unknown }
    Object.defineProperty(loop, 'cause', { value: loop })
    expect(walkCauses(loop)).toBe(loop)
  })
})
