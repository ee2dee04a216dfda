// @vitest-environment jsdom
import { connectedState, fakeContext } from '@portico/plugin-testing'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConnectingFarcasterView } from './views.tsx'

const calls: { type: string; signal?: AbortSignal }[] = []
vi.mock('../../embedded-wallet/src/index.ts', () => ({
  finishConnect: vi.fn(),
  sessionOf: () => ({
    frame: async () => ({
      origin: 'https://frame.test',
      request: (type: string, _payload: unknown, options: { signal?: AbortSignal } = {}) => {
        calls.push({ type, ...(options.signal ? { signal: options.signal } : {}) })
        return type === 'GET_FARCASTER_URI'
          ? Promise.resolve({ url: 'https://farcaster.test/login?channel=1' })
          : new Promise(() => {})
      },
    }),
  }),
}))

afterEach(() => {
  cleanup()
  calls.length = 0
})

// behaviour reference, deliberate differences: no view-back resync (frame reload) after ConnectingFarcaster.
describe('leaving ConnectingFarcaster unconnected', () => {
  it('aborts its waiting frame call at once and asks the frame for nothing more (no reload)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      const { ctx } = fakeContext(connectedState('0x1111111111111111111111111111111111111111'))
      const view = render(<ConnectingFarcasterView ctx={ctx} params={{}} />)
      await screen.findByRole('progressbar', { name: 'Waiting for approval in Farcaster…' })
      expect(calls.map((call) => call.type)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER'])
      view.unmount()
      expect(calls.every((call) => call.signal?.aborted)).toBe(true)
      await vi.advanceTimersByTimeAsync(1_000)
      expect(calls.map((call) => call.type)).toEqual(['GET_FARCASTER_URI', 'CONNECT_FARCASTER'])
    } finally {
      vi.useRealTimers()
    }
  })
})
