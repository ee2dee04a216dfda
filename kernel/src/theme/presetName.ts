import { THEME_PRESET_NAMES, type ThemePresetName } from '@portico/shared-types'

/**
 * A known preset name, else undefined (options are untrusted input: never an inherited key). Names only:
 * the presets' variables (presets.ts) stay out of the page's first-paint code.
 */
export const asThemePreset = (value: unknown): ThemePresetName | undefined =>
  (THEME_PRESET_NAMES as readonly unknown[]).includes(value) ? (value as ThemePresetName) : undefined
