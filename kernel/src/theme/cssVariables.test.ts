import type { Theme } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { themeToCssVariables } from './cssVariables.ts'
import { presetVariables } from './presets.ts'

describe('themeToCssVariables', () => {
  it('gives light and dark different colours and keeps the z-index', () => {
    const dark = themeToCssVariables({ themeMode: 'dark', themeVariables: {} }, 999)
    const light = themeToCssVariables({ themeMode: 'light', themeVariables: {} }, 999)
    expect(dark['--pt-bg']).not.toBe(light['--pt-bg'])
    expect(dark['--pt-z-index']).toBe('999')
  })
  it('maps AppKit theme variables onto Portico properties', () => {
    const vars = themeToCssVariables(
      { themeMode: 'dark', themeVariables: { '--w3m-accent': '#ff00aa', '--w3m-font-family': 'Inter' } },
      5,
    )
    expect(vars['--pt-accent']).toBe('#ff00aa')
    expect(vars['--pt-font-family']).toBe('Inter')
  })
  it('a preset sets accent, tint and radius per mode; the app’s themeVariables override it', () => {
    const withPreset = (theme: Theme) => themeToCssVariables(theme, 1, presetVariables(theme))
    const plain = themeToCssVariables({ themeMode: 'dark', themeVariables: {} }, 1)
    const ocean = withPreset({ themeMode: 'dark', preset: 'ocean', themeVariables: {} })
    const oceanLight = withPreset({ themeMode: 'light', preset: 'ocean', themeVariables: {} })
    expect(ocean['--pt-accent']).toBe('#3cc8dc')
    expect(oceanLight['--pt-accent']).toBe('#0b6e87')
    expect(ocean['--pt-bg']).toContain('#083a55')
    expect(ocean['--pt-bg']).not.toBe(plain['--pt-bg'])
    expect(ocean['--pt-radius']).toBe('8px')
    const overridden = withPreset({
      themeMode: 'dark',
      preset: 'ocean',
      themeVariables: { '--w3m-accent': '#ff00aa' },
    })
    expect(overridden['--pt-accent']).toBe('#ff00aa')
    expect(overridden['--pt-radius']).toBe('8px')
  })
})
