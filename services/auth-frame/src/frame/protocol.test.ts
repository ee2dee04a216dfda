import { describe, expect, it } from 'vitest'
import { parseOrigin, parseRequest } from './protocol.ts'

describe('frame protocol', () => {
  it('reads a request with a random id, an @portico/app/ type and an object payload', () => {
    expect(
      parseRequest({ id: 'abc', type: '@portico/app/CONNECT_EMAIL', payload: { email: 'a@b.co' } }),
    ).toEqual({
      id: 'abc',
      type: '@portico/app/CONNECT_EMAIL',
      payload: { email: 'a@b.co' },
    })
    expect(parseRequest({ id: 'abc', type: '@portico/app/SIGN_OUT' })).toEqual({
      id: 'abc',
      type: '@portico/app/SIGN_OUT',
      payload: undefined,
    })
  })

  it('reads a parent origin only as an exact http(s) origin', () => {
    expect(parseOrigin('http://localhost:4173')).toBe('http://localhost:4173')
    expect(parseOrigin('https://app.example')).toBe('https://app.example')
    for (const bad of [
      'http://localhost:4173/x',
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc',
      'localhost:4173',
      'http://a@b.example',
      '',
      null,
      5,
    ])
      expect(parseOrigin(bad), String(bad)).toBeUndefined()
  })
})
