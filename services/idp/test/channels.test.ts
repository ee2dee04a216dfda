import { describe, expect, it } from 'vitest'
import { ChannelStore } from '../src/farcaster/channels.ts'

const request = { domain: 'localhost:4200', siweUri: 'http://localhost:4200/', nonce: 'abcdefgh1234' }

describe('farcaster ChannelStore', () => {
  it('refuses new channels past max, and expired ones free their place', () => {
    let now = 0
    const store = new ChannelStore(1000, 2, () => now)
    store.create(request)
    const second = store.create(request)
    expect(() => store.create(request)).toThrow('Too many open channels, try again later')
    now = 1001
    expect(store.get(second.token)).toBeUndefined()
    expect(store.create(request).state).toBe('pending')
    expect(store.size).toBe(1)
  })
})
