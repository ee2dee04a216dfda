import type { Language } from './locales.ts'

/** Catalogue languages written right to left. */
const RIGHT_TO_LEFT: ReadonlySet<Language> = new Set(['ar'])

/**
 * The writing direction of the strings shown: it follows the catalogue in use, not the requested locale
 * (a right-to-left locale without a catalogue shows English, left to right). The modal's root carries it
 * as `dir`, so a right-to-left page around an English modal, or the reverse, lays each out correctly.
 */
export const textDirection = (language: Language): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.has(language) ? 'rtl' : 'ltr'
