import type { Theme, ThemeVariables } from '@portico/shared-types'
import { DEFAULT_ACCENT, PALETTES } from './tokens.ts'

/**
 * themeMode + AppKit-style themeVariables → the CSS custom properties scoped to the modal root.
 * `preset` is the theme preset's variables for this mode (presets.ts presetVariables), under the app's
 * own themeVariables, which override it.
 */
export function themeToCssVariables(
  theme: Theme,
  zIndex: number,
  preset?: ThemeVariables,
): Record<string, string> {
  const vars = { ...preset, ...theme.themeVariables }
  const mix = vars['--w3m-color-mix']
  const strength = vars['--w3m-color-mix-strength'] ?? 0
  const palette = { ...PALETTES[theme.themeMode] }
  if (mix && strength > 0) {
    for (const key of ['--pt-bg', '--pt-bg-raised', '--pt-bg-hover']) {
      palette[key] = `color-mix(in srgb, ${mix} ${strength}%, ${palette[key]})`
    }
  }
  return {
    ...palette,
    '--pt-accent': vars['--w3m-accent'] ?? DEFAULT_ACCENT[theme.themeMode],
    '--pt-font-family':
      vars['--w3m-font-family'] ?? 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
    '--pt-font-size': vars['--w3m-font-size-master'] ?? '10px',
    '--pt-radius': vars['--w3m-border-radius-master'] ?? '4px',
    '--pt-qr-color': vars['--w3m-qr-color'] ?? '#000000',
    '--pt-z-index': String(zIndex),
  }
}
