import { describe, expect, it } from 'vitest'
import {
  isAndroid,
  isIos,
  isMobile,
  isSafari,
  type Platform,
  readPlatform,
  usesMobilePairingRules,
} from './platform.ts'

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0 Mobile/15E148 Safari/604.1',
  ipadOs:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  android:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36',
  desktopChrome:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
}

const platform = (userAgent: string, extra: Partial<Platform> = {}): Platform => ({
  userAgent,
  maxTouchPoints: 0,
  coarsePointer: false,
  telegram: false,
  iframe: false,
  ...extra,
})

describe('platform', () => {
  it('tells iOS, Safari, Android and mobile apart', () => {
    expect(isIos(platform(UA.iphoneSafari))).toBe(true)
    expect(isSafari(platform(UA.iphoneSafari))).toBe(true)
    expect(isSafari(platform(UA.iphoneChrome))).toBe(false)
    expect(isIos(platform(UA.ipadOs, { maxTouchPoints: 5 }))).toBe(true)
    expect(isIos(platform(UA.ipadOs))).toBe(false)
    expect(isAndroid(platform(UA.android))).toBe(true)
    expect(isMobile(platform(UA.android))).toBe(true)
    expect(isMobile(platform(UA.desktopChrome))).toBe(false)
    expect(isMobile(platform(UA.desktopChrome, { coarsePointer: true }))).toBe(true)
  })

  it('behaviour §4 mobile pairing rules: Telegram, or Safari on iOS', () => {
    expect(usesMobilePairingRules(platform(UA.iphoneSafari))).toBe(true)
    expect(usesMobilePairingRules(platform(UA.ipadOs, { maxTouchPoints: 5 }))).toBe(true)
    expect(usesMobilePairingRules(platform(UA.desktopChrome, { telegram: true }))).toBe(true)
    expect(usesMobilePairingRules(platform(UA.iphoneChrome))).toBe(false)
    expect(usesMobilePairingRules(platform(UA.android))).toBe(false)
    expect(usesMobilePairingRules(platform(UA.desktopChrome))).toBe(false)
  })

  it('reads the Telegram webview objects from the window', () => {
    const win = Object.assign(Object.create(window) as Window, { Telegram: { WebApp: {} } })
    expect(readPlatform(window).telegram).toBe(false)
    expect(readPlatform(win).telegram).toBe(true)
  })
})
