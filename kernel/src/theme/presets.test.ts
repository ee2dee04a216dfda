import { type ModalOptions, THEME_PRESET_NAMES } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { themeToCssVariables } from './cssVariables.ts'
import { asThemePreset } from './presetName.ts'
import { presetVariables, THEME_PRESETS } from './presets.ts'

/** WCAG relative luminance and contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
    const f = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b)
  }
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((hi ?? 0) + 0.05) / ((lo ?? 0) + 0.05)
}

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const stateFor = (extra: Record<string, unknown>) => {
  const options = { projectId: 'p', networks: [network], ...extra } as ModalOptions
  return createInitialState(resolveOptions(options), options)
}

describe('theme presets', () => {
  it('at least four named presets, each with a distinct accent readable under the accent text (≥ 4.5:1)', () => {
    expect(THEME_PRESET_NAMES.length).toBeGreaterThanOrEqual(4)
    for (const mode of ['dark', 'light'] as const) {
      const accents = THEME_PRESET_NAMES.map((name) => {
        const theme = { themeMode: mode, preset: name, themeVariables: {} }
        const vars = themeToCssVariables(theme, 1, presetVariables(theme))
        expect(contrast(vars['--pt-accent'] ?? '', vars['--pt-accent-fg'] ?? '')).toBeGreaterThanOrEqual(4.5)
        return vars['--pt-accent']
      })
      expect(new Set(accents).size).toBe(THEME_PRESET_NAMES.length)
    }
    expect(Object.keys(THEME_PRESETS).sort()).toEqual([...THEME_PRESET_NAMES].sort())
  })

  it('the themePreset option reaches the theme state; an unknown or inherited name is ignored', () => {
    expect(stateFor({ themePreset: 'sunset' }).theme).toMatchObject({ themeMode: 'dark', preset: 'sunset' })
    expect(stateFor({ themePreset: 'nope' }).theme.preset).toBeUndefined()
    expect(stateFor({ themePreset: '__proto__' }).theme.preset).toBeUndefined()
    expect(stateFor({ themePreset: 'toString' }).theme.preset).toBeUndefined()
    expect(asThemePreset(42)).toBeUndefined()
  })
})
