import type { ConnectMethodPreviewPopup } from '@portico/shared-types/plugin'
import { inTelegramMiniApp } from '../../telegram/miniApp.ts'

/**
 * Opens a preview button's named window, blank and centred, in the press itself: a window opened once
 * the plugin's code has arrived would no longer be in the click and could be blocked. The plugin's
 * own press finds it by name (`window.open('', name)` returns the open window without reloading it).
 * None in a Telegram mini app: a window would open outside Telegram, so its logins leave the page itself.
 */
export function openPreviewPopup({ name, width, height }: ConnectMethodPreviewPopup): Window | null {
  if (inTelegramMiniApp(window)) return null
  const left = Math.max(0, (window.screen.width - width) / 2)
  const top = Math.max(0, (window.screen.height - height) / 2)
  return window.open('', name, `popup,width=${width},height=${height},left=${left},top=${top}`)
}
