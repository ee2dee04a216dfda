// @vitest-environment jsdom
import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { PluginContext } from '@portico/shared-types/plugin'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { finishConnect } from '../../embedded-wallet/src/index.ts'
import { CONNECTED_SOCIAL_KEY, SOCIAL_CONNECTOR_ID } from './social.ts'
import { finishTelegramLogin, isTelegramMiniApp, startTelegramLogin, TELEGRAM_LOGIN_KEY } from './telegram.ts'

const requests: { type: string; payload: unknown }[] = []
let answer: (type: string) => Promise<unknown> = async () => ({})
vi.mock('../../embedded-wallet/src/index.ts', () => ({
  finishConnect: vi.fn(async () => {}),
  sessionOf: () => ({
    frame: async () => ({
      origin: 'https://frame.test',
      request: (type: string, payload: unknown) => {
        requests.push({ type, payload })
        return answer(type)
      },
    }),
  }),
}))

const RESULT = 'https://frame.test/social/callback?code=c1&state=s1'

/** A plugin context whose storage holds `stored` and whose kernel hands over `result`. */
function context(stored: Record<string, unknown>, result?: string) {
  const storage = {
    get: vi.fn((key: string) => stored[key]),
    set: vi.fn((key: string, value: unknown) => {
      stored[key] = value
    }),
    remove: vi.fn((key: string) => void delete stored[key]),
  } as unknown as PluginContext['storage']
  const overrides: Partial<PluginContext> = { storage, takeSocialResult: vi.fn(() => result) }
  return fakeContext(connectedState('0x1111111111111111111111111111111111111111'), overrides).ctx
}

afterEach(() => {
  requests.length = 0
  answer = async () => ({})
  vi.mocked(finishConnect).mockClear()
})

describe('social login in a Telegram mini app (behaviour §2)', () => {
  it('is recognised by the Telegram webview objects', () => {
    expect(isTelegramMiniApp(window)).toBe(false)
    expect(isTelegramMiniApp({ Telegram: {} } as unknown as Window)).toBe(true)
    expect(isTelegramMiniApp({ TelegramWebviewProxy: {} } as unknown as Window)).toBe(true)
  })

  it('leaves for the provider with this page as the way back, remembering the provider', async () => {
    answer = async () => ({ uri: 'https://idp.test/authorize?state=s1' })
    const stored: Record<string, unknown> = {}
    const navigate = vi.fn()
    await startTelegramLogin(context(stored), 'google', undefined, navigate)
    expect(requests).toEqual([
      { type: 'GET_SOCIAL_REDIRECT_URI', payload: { provider: 'google', returnTo: window.location.href } },
    ])
    expect(stored[TELEGRAM_LOGIN_KEY]).toBe('google')
    expect(navigate).toHaveBeenCalledWith('https://idp.test/authorize?state=s1')
  })

  it('never leaves for a provider address without state', async () => {
    answer = async () => ({ uri: 'https://idp.test/authorize' })
    const stored: Record<string, unknown> = {}
    const navigate = vi.fn()
    await expect(startTelegramLogin(context(stored), 'google', undefined, navigate)).rejects.toThrow(
      'Missing state parameter',
    )
    expect(navigate).not.toHaveBeenCalled()
    expect(stored[TELEGRAM_LOGIN_KEY]).toBeUndefined()
  })

  it('back with a result: the frame connects with it and the embedded wallet connects', async () => {
    const stored: Record<string, unknown> = { [TELEGRAM_LOGIN_KEY]: 'github' }
    await finishTelegramLogin(context(stored, RESULT))
    expect(requests).toEqual([{ type: 'CONNECT_SOCIAL', payload: { uri: RESULT } }])
    expect(stored).toEqual({ [CONNECTED_SOCIAL_KEY]: 'github' })
    expect(finishConnect).toHaveBeenCalledWith(expect.anything(), SOCIAL_CONNECTOR_ID)
  })

  it('a result this page did not leave for, or a stored provider that is not one, is not acted on', async () => {
    await finishTelegramLogin(context({}, RESULT))
    const hostile: Record<string, unknown> = { [TELEGRAM_LOGIN_KEY]: { toString: () => 'google' } }
    await finishTelegramLogin(context(hostile, RESULT))
    const leftWithoutResult: Record<string, unknown> = { [TELEGRAM_LOGIN_KEY]: 'google' }
    await finishTelegramLogin(context(leftWithoutResult))
    expect(requests).toEqual([])
    expect(hostile).toEqual({})
    expect(leftWithoutResult).toEqual({})
  })

  it('a refused result shows the frame’s error', async () => {
    answer = async () => {
      throw new Error('This social login has expired or was already used, try again')
    }
    const ctx = context({ [TELEGRAM_LOGIN_KEY]: 'google' }, RESULT)
    await finishTelegramLogin(ctx)
    expect(ctx.toast.error).toHaveBeenCalledWith(
      'This social login has expired or was already used, try again',
    )
    expect(finishConnect).not.toHaveBeenCalled()
  })
})
