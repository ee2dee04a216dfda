/**
 * Passkey login of the embedded wallet: the auth frame shows its own passkey view (the WebAuthn
 * ceremony runs in the frame's origin, never in the page) and says only whether the visitor is now
 * signed in, or a passkey was added. Plain functions; the views render and call these.
 */
import type { PluginContext } from '@portico/shared-types/plugin'
import type { FrameClient } from '../../embedded-wallet/src/frameClient.ts'
import { finishConnect } from '../../embedded-wallet/src/index.ts'
import { EMAIL_CONNECTOR_ID, errorText } from './flow.ts'
import { strings } from './strings.ts'

/**
 * Shows the frame's passkey view for `purpose` until the visitor is done there: connected → the AUTH
 * connector connects; a passkey added → a toast; closed → back. Returns what withdraws the view.
 */
export function runPasskeyView(
  ctx: PluginContext,
  frame: FrameClient,
  purpose: 'connect' | 'add',
  onError: (message: string) => void,
): () => void {
  const leave = new AbortController()
  frame
    .request('SHOW_PASSKEY', { purpose }, { signal: leave.signal, timeoutMs: 0 })
    .then(async ({ connected, added }) => {
      if (connected) return finishConnect(ctx, EMAIL_CONNECTOR_ID)
      if (added) ctx.toast.success(strings.passkeyAdded)
      ctx.router.goBack()
    })
    .catch((failure: unknown) => {
      if (!leave.signal.aborted) onError(errorText(failure))
    })
  return () => leave.abort()
}
