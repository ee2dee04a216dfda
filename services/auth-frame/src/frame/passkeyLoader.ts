/**
 * The frame's secondary script (`/frame-passkey.js`, built from passkeyPage.ts): the views a user opens
 * rarely (the passkey ceremony, the key export), kept out of `/frame.js`, which every embedding page
 * loads and which must stay within its 4 KiB gzip budget (test/framePage.test.ts). It is loaded the
 * first time one of those views opens (same origin, SRI-checked), once for both, then the view runs.
 * Until then the frame's script carries none of their code.
 */
import type { Exporter, PasskeyViewer } from './bridge.ts'
import type { createExportView } from './exportView.ts'
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

/** What the secondary script hands the frame's script. */
interface SecondaryViews {
  porticoPasskeyView?: typeof createPasskeyView
  porticoExportView?: typeof createExportView
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

/**
 * Loads the secondary script once (the policy is made once: the page's CSP allows one), resolving
 * when it ran or failed; its views are then on the window, or not (blocked, integrity mismatch).
 */
export function secondaryScript(script: { src: string; integrity: string } | undefined) {
  let loading: Promise<unknown> | undefined
  return async (): Promise<SecondaryViews> => {
    // No script configured: its address does not load, the error event, then the views are missing.
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
    return window as SecondaryViews
  }
}

type LoadViews = ReturnType<typeof secondaryScript>

export function lazyPasskeyView(options: PasskeyViewOptions, load: LoadViews): PasskeyViewer {
  return async (purpose, call, signal) => {
    const factory = (await load()).porticoPasskeyView
    // The script did not load: the frame's usual error.
    return factory ? factory(options)(purpose, call, signal) : { ok: false, error: 'An error occurred' }
  }
}

/**
 * The key export view; when the script did not load, nothing is shown and the page hears it closed.
 * A request withdrawn while the script loaded opens nothing (the view only listens for later aborts).
 */
export function lazyExportView(options: PasskeyViewOptions, load: LoadViews): Exporter {
  return async (call, signal) => {
    const factory = (await load()).porticoExportView
    if (factory && !signal.aborted) await factory(options)(call, signal)
  }
}
