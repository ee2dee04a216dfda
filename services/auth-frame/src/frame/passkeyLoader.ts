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
 * The passkey script's URL as the frame's policy makes it: the policy turns that one URL, the page's
 * configured one, into a TrustedScriptURL and refuses any other. A browser without Trusted Types takes
 * the string.
 */
export function passkeyScriptUrl(src: string): unknown {
  const factory = (globalThis as { trustedTypes?: ScriptUrlPolicyFactory }).trustedTypes
  if (!factory) return src
  const policy = factory.createPolicy(FRAME_TRUSTED_TYPES_POLICY, {
    createScriptURL(url) {
      if (url !== src) throw new TypeError(`${url} is not the frame's passkey script`)
      return url
    },
  })
  return policy.createScriptURL(src)
}

export function lazyPasskeyView(
  options: PasskeyViewOptions,
  script: { src: string; integrity: string } | undefined,
): PasskeyViewer {
  let loading: Promise<unknown> | undefined
  return async (purpose, call, signal) => {
    loading ??= new Promise((done) => {
      if (!script) return done(undefined)
      const element = Object.assign(document.createElement('script'), { onload: done, onerror: done })
      element.integrity = script.integrity
      try {
        ;(element as { src: unknown }).src = passkeyScriptUrl(script.src)
      } catch {
        // The policy refused (a page whose CSP does not name it): the view's usual error below.
        return done(undefined)
      }
      document.head.append(element)
    })
    await loading
    const factory = (window as Window & { porticoPasskeyView?: typeof createPasskeyView }).porticoPasskeyView
    // The script did not load (blocked, or its integrity did not match): the frame's usual error.
    if (!factory) return { ok: false, error: 'An error occurred' }
    return factory(options)(purpose, call, signal)
  }
}
