import type { ThemeMode } from '@portico/shared-types'

/** Palette per mode; every colour the modal paints comes from these custom properties. */
export const PALETTES: Record<ThemeMode, Record<string, string>> = {
  dark: {
    '--pt-bg': '#141414',
    '--pt-bg-raised': '#202020',
    '--pt-bg-hover': '#2a2a2a',
    '--pt-border': '#2e2e2e',
    '--pt-fg': '#f2f2f2',
    '--pt-fg-muted': '#a3a3a3',
    '--pt-overlay': 'rgba(0, 0, 0, 0.6)',
    '--pt-error': '#ff7a7a',
    '--pt-success': '#4fd18b',
    '--pt-accent-fg': '#0b0b0b',
  },
  light: {
    '--pt-bg': '#ffffff',
    '--pt-bg-raised': '#f3f3f3',
    '--pt-bg-hover': '#e8e8e8',
    '--pt-border': '#e1e1e1',
    '--pt-fg': '#141414',
    '--pt-fg-muted': '#5c5c5c',
    '--pt-overlay': 'rgba(0, 0, 0, 0.35)',
    '--pt-error': '#c2272d',
    '--pt-success': '#1b7a44',
    '--pt-accent-fg': '#ffffff',
  },
}

export const DEFAULT_ACCENT: Record<ThemeMode, string> = { dark: '#7fb2ff', light: '#1f5fd1' }
