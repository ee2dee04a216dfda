import { describe, expect, it } from 'vitest'
import { themeToCssVariables } from './cssVariables.ts'

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
})
