/**
 * Loads the passkey view's script (same origin, SRI-checked) the first time the view opens, then runs
 * it. Until then the frame's script carries none of the WebAuthn code.
 */
import type { PasskeyViewer } from './bridge.ts'
import type { createPasskeyView, PasskeyViewOptions } from './passkeyView.ts'

/** The frame page's one Trusted Types policy (its CSP names it and requires Trusted Types for scripts). */
export const FRAME_TRUSTED_TYPES_POLICY = 'portico-frame'

interface ScriptUrlPolicyFactory {
  createPolicy(
    name: string,
    rules: { createScriptURL(url: string): string },
  ): {
    createScriptURL(url: string): unknown
  }
}

/**
 * The passkey script's URL as the frame's policy makes it: whatever it is asked, the policy gives the
 * page's configured URL and nothing else, so it can never be used to load another script. A browser
 * without Trusted Types takes the string.
 */
export const passkeyScriptUrl = (src: string): unknown =>
  (self as { trustedTypes?: ScriptUrlPolicyFactory }).trustedTypes
    ?.createPolicy(FRAME_TRUSTED_TYPES_POLICY, { createScriptURL: () => src })
    .createScriptURL(src) ?? src

export function lazyPasskeyView(
  options: PasskeyViewOptions,
  script: { src: string; integrity: string } | undefined,
): PasskeyViewer {
  let loading: Promise<unknown> | undefined
  return async (purpose, call, signal) => {
    // No script configured: its address does not load, the error event, then the usual error below.
    loading ??= new Promise((done) => {
      document.head.append(
        Object.assign(document.createElement('script'), {
          ...script,
          src: passkeyScriptUrl(script?.src as string),
          onload: done,
          onerror: done,
        }),
      )
    })
    await loading
    const factory = (window as Window & { porticoPasskeyView?: typeof createPasskeyView }).porticoPasskeyView
    // The script did not load (blocked, or its integrity did not match): the frame's usual error.
    if (!factory) return { ok: false, error: 'An error occurred' }
    return factory(options)(purpose, call, signal)
  }
}
