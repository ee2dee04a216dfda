// @vitest-environment node
import { describe, expect, it, vi } from 'vitest'
import { takeTelegramResultUri } from './telegramReturn.ts'

function addressBar(href: string) {
  const win = {
    location: { href },
    history: {
      state: { app: 1 },
      replaceState: vi.fn((_data: unknown, _unused: string, url?: string) => {
        if (url) win.location.href = url
      }),
    },
  }
  return win
}

describe('Telegram mini-app return (behaviour §2)', () => {
  it('reads result_uri, then removes it from the address keeping the rest', () => {
    const uri = 'https://t.me/portico_bot/app?startapp=x'
    const win = addressBar(`https://app.example/page?a=1&result_uri=${encodeURIComponent(uri)}&b=2#top`)
    expect(takeTelegramResultUri(win)).toBe(uri)
    expect(win.location.href).toBe('https://app.example/page?a=1&b=2#top')
    expect(win.history.replaceState).toHaveBeenCalledWith(
      { app: 1 },
      '',
      'https://app.example/page?a=1&b=2#top',
    )
  })

  it('leaves an address without result_uri alone', () => {
    const win = addressBar('https://app.example/page?a=1')
    expect(takeTelegramResultUri(win)).toBeUndefined()
    expect(win.history.replaceState).not.toHaveBeenCalled()
  })

  it('removes but refuses an unsafe, malformed, empty or oversized result_uri', () => {
    for (const bad of [
      'javascript:alert(1)',
      'wc:abc@2?relay-protocol=irn',
      'data:text/html,x',
      'not a url',
      '',
      `https://x.example/${'a'.repeat(3000)}`,
    ]) {
      const win = addressBar(`https://app.example/?result_uri=${encodeURIComponent(bad)}`)
      expect(takeTelegramResultUri(win)).toBeUndefined()
      expect(win.location.href).toBe('https://app.example/')
    }
  })
})
