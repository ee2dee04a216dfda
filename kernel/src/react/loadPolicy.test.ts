import { afterEach, describe, expect, it, vi } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../testing.ts'
import { needsModalAtOnce, scheduleIdle } from './loadPolicy.ts'

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
  it('is false for a fresh visitor: the body can wait for idle', () => {
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

describe('scheduleIdle', () => {
  it('runs the task in an idle callback once the page has loaded, and not after cancel', () => {
    const callbacks: (() => void)[] = []
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback))
    vi.stubGlobal('cancelIdleCallback', (id: number) => {
      callbacks[id - 1] = () => {}
    })
    const task = vi.fn()
    scheduleIdle(task)
    expect(task).not.toHaveBeenCalled()
    callbacks[0]?.()
    expect(task).toHaveBeenCalledTimes(1)

    const cancelled = vi.fn()
    scheduleIdle(cancelled)()
    callbacks[1]?.()
    expect(cancelled).not.toHaveBeenCalled()
  })

  it('waits for the load event while the document is still loading', () => {
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callback())
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const task = vi.fn()
    scheduleIdle(task)
    expect(task).not.toHaveBeenCalled()
    dispatchEvent(new Event('load'))
    expect(task).toHaveBeenCalledTimes(1)
    readyState.mockRestore()
  })
})
