import { afterEach, describe, expect, it, vi } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { needsModalAtOnce } from './loadPolicy.ts'

const OPTIONS = {
  projectId: 'p',
  networks: [localNetwork()] as [ReturnType<typeof localNetwork>],
  features: NO_PLUGINS,
}

afterEach(() => {
  localStorage.clear()
  history.replaceState(null, '', '/')
  vi.unstubAllGlobals()
})

describe('needsModalAtOnce', () => {
  it('is false for a fresh visitor: the body can wait for intent', () => {
    expect(needsModalAtOnce(OPTIONS, undefined)).toBe(false)
  })

  it('is true with a stored connection to restore (localStorage or the app-given storage)', () => {
    localStorage.setItem('@portico/connection_status', 'connected')
    expect(needsModalAtOnce(OPTIONS, undefined)).toBe(true)
    localStorage.setItem('@portico/connection_status', 'disconnected')
    expect(needsModalAtOnce(OPTIONS, undefined)).toBe(false)
    const storage = { getItem: () => 'connected', setItem() {}, removeItem() {} }
    expect(needsModalAtOnce({ ...OPTIONS, storage }, undefined)).toBe(true)
  })

  it('is true with a server-rendered account or a Telegram return in the address', () => {
    const account = { namespace: 'eip155', address: '0xab', caipNetworkId: 'eip155:31337' } as const
    expect(needsModalAtOnce(OPTIONS, account)).toBe(true)
    history.replaceState(null, '', '/?result_uri=wc%3Aabc')
    expect(needsModalAtOnce(OPTIONS, undefined)).toBe(true)
  })

  it('reads a refusing storage as nothing stored, without throwing', () => {
    const storage = {
      getItem: () => {
        throw new Error('denied')
      },
      setItem() {},
      removeItem() {},
    }
    expect(needsModalAtOnce({ ...OPTIONS, storage }, undefined)).toBe(false)
  })
})
