import { inTelegramMiniApp } from '../../telegram/miniApp.ts'

/** What the WalletConnect flow needs to know about the browser it runs in; plain data, so it can be tested. */
export interface Platform {
  userAgent: string
  /** iPadOS reports a Mac user agent; touch points tell them apart. */
  maxTouchPoints: number
  /** A coarse pointer (touch screen) is the main input. */
  coarsePointer: boolean
  /** Running inside a Telegram mini app (the Telegram webview objects are present). */
  telegram: boolean
  /** The page is inside an iframe (deep links then open in the top window). */
  iframe: boolean
}

export function readPlatform(win: Window | undefined = globalThis.window): Platform {
  if (!win) return { userAgent: '', maxTouchPoints: 0, coarsePointer: false, telegram: false, iframe: false }
  let iframe = false
  try {
    iframe = win.top !== win
  } catch {
    iframe = true
  }
  return {
    userAgent: win.navigator.userAgent,
    maxTouchPoints: win.navigator.maxTouchPoints ?? 0,
    coarsePointer: win.matchMedia?.('(pointer: coarse)').matches ?? false,
    telegram: inTelegramMiniApp(win),
    iframe,
  }
}

export const isAndroid = (platform: Platform) => /android/i.test(platform.userAgent)

export const isIos = (platform: Platform) =>
  /iphone|ipad|ipod/i.test(platform.userAgent) ||
  (/macintosh/i.test(platform.userAgent) && platform.maxTouchPoints > 1)

/** Safari itself: every iOS browser says "Safari", the others also name themselves. */
export const isSafari = (platform: Platform) =>
  /safari/i.test(platform.userAgent) &&
  !/chrome|chromium|crios|fxios|edgios|opios|android/i.test(platform.userAgent)

export const isMobile = (platform: Platform) =>
  platform.coarsePointer ||
  isIos(platform) ||
  /android|webos|iphone|ipad|ipod|blackberry|opera mini/i.test(platform.userAgent)

/** behaviour §4: the mobile pairing rules apply on Telegram and on Safari on iOS. */
export const usesMobilePairingRules = (platform: Platform) =>
  platform.telegram || (isIos(platform) && isSafari(platform))
