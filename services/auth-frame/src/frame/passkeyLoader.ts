/**
 * Loads the passkey view's script (same origin, SRI-checked) the first time the view opens, then runs
 * it. Until then the frame's script carries none of the WebAuthn code.
 */
import type { PasskeyViewer } from './bridge.ts'
import type { createPasskeyView, PasskeyViewOptions } from './passkeyView.ts'

export function lazyPasskeyView(
  options: PasskeyViewOptions,
  script: { src: string; integrity: string } | undefined,
): PasskeyViewer {
  let loading: Promise<unknown> | undefined
  return async (purpose, call, signal) => {
    loading ??= new Promise((done) => {
      document.head.append(
        Object.assign(document.createElement('script'), { ...script, onload: done, onerror: done }),
      )
    })
    await loading
    const factory = (window as Window & { porticoPasskeyView?: typeof createPasskeyView }).porticoPasskeyView
    // The script did not load (blocked, or its integrity did not match): the frame's usual error.
    if (!factory) return { ok: false, error: 'An error occurred' }
    return factory(options)(purpose, call, signal)
  }
}
