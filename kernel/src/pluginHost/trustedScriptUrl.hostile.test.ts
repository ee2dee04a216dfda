import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Rules = { createScriptURL(url: string): string }
const ENTRY = 'https://plugins.example/send/remoteEntry.js'
const checked = (url: string) => url === ENTRY

/** A stand-in for the browser's `trustedTypes`: records the policies made, wraps what a rule returns. */
function fakeTrustedTypes(refuse = false) {
  const names: string[] = []
  vi.stubGlobal('trustedTypes', {
    createPolicy(name: string, rules: Rules) {
      if (refuse) throw new TypeError(`Policy "${name}" disallowed.`)
      names.push(name)
      return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) }
    },
  })
  return names
}

beforeEach(() => vi.resetModules())
afterEach(() => vi.unstubAllGlobals())

describe('the kernel’s Trusted Types policy for plugin entries', () => {
  it('makes one policy, named portico, and trusts a checked entry through it', async () => {
    const names = fakeTrustedTypes()
    const { trustedScriptUrl } = await import('./trustedScriptUrl.ts')
    expect(trustedScriptUrl(ENTRY, checked)).toEqual({ trusted: ENTRY })
    expect(trustedScriptUrl(ENTRY, checked)).toEqual({ trusted: ENTRY })
    expect(names).toEqual(['portico'])
  })

  it('refuses a URL no checked manifest names: the policy is no way to load a script of one’s choosing', async () => {
    fakeTrustedTypes()
    const { trustedScriptUrl } = await import('./trustedScriptUrl.ts')
    trustedScriptUrl(ENTRY, checked)
    expect(() => trustedScriptUrl('https://attacker.example/x.js', checked)).toThrow(/no checked manifest/)
    // The rule asks the caller's check each time, not the first caller's answer.
    expect(() => trustedScriptUrl(ENTRY, () => false)).toThrow(/no checked manifest/)
  })

  it('leaves the URL a string where the page refuses the name or the browser has no Trusted Types', async () => {
    fakeTrustedTypes(true)
    const refused = await import('./trustedScriptUrl.ts')
    expect(refused.trustedScriptUrl(ENTRY, checked)).toBe(ENTRY)
    vi.unstubAllGlobals()
    vi.resetModules()
    const none = await import('./trustedScriptUrl.ts')
    expect(none.trustedScriptUrl(ENTRY, checked)).toBe(ENTRY)
  })
})
