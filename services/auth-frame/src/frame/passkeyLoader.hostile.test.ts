import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FRAME_TRUSTED_TYPES_POLICY, lazyExportView, passkeyScriptUrl } from './passkeyLoader.ts'

type Rules = { createScriptURL(url: string): string }

// The frame reads `self` (the page's window); Node has none.
beforeEach(() => vi.stubGlobal('self', globalThis))
afterEach(() => vi.unstubAllGlobals())

describe('the frame’s Trusted Types policy', () => {
  it('gives the configured passkey script, and only it, whatever it is asked', () => {
    const made: { name: string; rules: Rules }[] = []
    vi.stubGlobal('trustedTypes', {
      createPolicy(name: string, rules: Rules) {
        made.push({ name, rules })
        return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) }
      },
    })
    const src = '/frame-passkey.js?v=0123456789abcdef'
    expect(passkeyScriptUrl(src)).toEqual({ trusted: src })
    expect(made.map((policy) => policy.name)).toEqual([FRAME_TRUSTED_TYPES_POLICY])
    // Whoever reached the policy could not make it pass another script: it only ever gives the configured one.
    const rules = made[0]?.rules
    expect(rules?.createScriptURL('https://attacker.example/x.js')).toBe(src)
    expect(rules?.createScriptURL('/frame-passkey.js?v=other')).toBe(src)
  })

  it('hands the URL over as it is where the browser has no Trusted Types', () => {
    expect(passkeyScriptUrl('/frame-passkey.js')).toBe('/frame-passkey.js')
  })
})

describe('the key export view from the secondary script', () => {
  const options = { onSize: () => {}, themeMode: () => undefined }
  const call = async () => ({ ok: true as const })

  it('opens nothing for a request withdrawn while the script loaded', async () => {
    const opened: unknown[] = []
    const controller = new AbortController()
    const load = async () => {
      controller.abort()
      return { porticoExportView: () => async () => void opened.push('view') }
    }
    await lazyExportView(options, load)(call, controller.signal)
    expect(opened).toEqual([])
  })

  it('opens the view once loaded, and nothing (no error) when the script did not load', async () => {
    const opened: unknown[] = []
    const loaded = async () => ({ porticoExportView: () => async () => void opened.push('view') })
    await lazyExportView(options, loaded)(call, new AbortController().signal)
    await lazyExportView(options, async () => ({}))(call, new AbortController().signal)
    expect(opened).toEqual(['view'])
  })
})
