import type { Theme, ThemeMode, ThemePresetName, ThemeVariables } from '@portico/shared-types'

/**
 * Theme presets per mode. Each accent keeps at least 4.5:1 contrast with the mode's accent text
 * colour (tokens.ts --pt-accent-fg: near-black on dark, white on light).
 */
export const THEME_PRESETS: Record<ThemePresetName, Record<ThemeMode, ThemeVariables>> = {
  midnight: {
    dark: {
      '--w3m-accent': '#a99bff',
      '--w3m-color-mix': '#1c1f5c',
      '--w3m-color-mix-strength': 35,
      '--w3m-border-radius-master': '6px',
    },
    light: {
      '--w3m-accent': '#4b3fc7',
      '--w3m-color-mix': '#dcdcff',
      '--w3m-color-mix-strength': 40,
      '--w3m-border-radius-master': '6px',
    },
  },
  ocean: {
    dark: {
      '--w3m-accent': '#3cc8dc',
      '--w3m-color-mix': '#083a55',
      '--w3m-color-mix-strength': 40,
      '--w3m-border-radius-master': '8px',
    },
    light: {
      '--w3m-accent': '#0b6e87',
      '--w3m-color-mix': '#cdeff7',
      '--w3m-color-mix-strength': 45,
      '--w3m-border-radius-master': '8px',
    },
  },
  forest: {
    dark: {
      '--w3m-accent': '#5cc98a',
      '--w3m-color-mix': '#17402a',
      '--w3m-color-mix-strength': 40,
      '--w3m-border-radius-master': '3px',
      '--w3m-font-family': 'Georgia, "Times New Roman", serif',
    },
    light: {
      '--w3m-accent': '#1d6b40',
      '--w3m-color-mix': '#d6f0df',
      '--w3m-color-mix-strength': 45,
      '--w3m-border-radius-master': '3px',
      '--w3m-font-family': 'Georgia, "Times New Roman", serif',
    },
  },
  sunset: {
    dark: {
      '--w3m-accent': '#ff9a5c',
      '--w3m-color-mix': '#5c2416',
      '--w3m-color-mix-strength': 35,
      '--w3m-border-radius-master': '12px',
    },
    light: {
      '--w3m-accent': '#b34712',
      '--w3m-color-mix': '#ffe2d1',
      '--w3m-color-mix-strength': 45,
      '--w3m-border-radius-master': '12px',
    },
  },
}

/** The preset's variables for the theme's mode, under the app's own themeVariables (cssVariables.ts). */
export const presetVariables = (theme: Theme): ThemeVariables | undefined =>
  theme.preset ? THEME_PRESETS[theme.preset]?.[theme.themeMode] : undefined
