type TelegramWindow = Window & {
  Telegram?: unknown
  TelegramWebviewProxy?: unknown
  TelegramWebviewProxyProto?: unknown
}

/** Running inside a Telegram mini app: the Telegram webview objects are present. */
export function inTelegramMiniApp(win: Window): boolean {
  const tg = win as TelegramWindow
  return Boolean(tg.Telegram || tg.TelegramWebviewProxy || tg.TelegramWebviewProxyProto)
}
