import type { Translation } from './types.ts'

/** Languages with a kernel catalogue; English is bundled, the others are lazy chunks. */
export const SUPPORTED_LANGUAGES = ['en', 'de', 'es', 'fr', 'ja', 'zh', 'pt', 'ko', 'tr', 'ar'] as const
export type Language = (typeof SUPPORTED_LANGUAGES)[number]

/** One dynamic import per language: each catalogue is its own chunk, fetched when asked for. */
export const CATALOGUE_LOADERS: Record<Exclude<Language, 'en'>, () => Promise<Translation>> = {
  de: () => import(/* webpackChunkName: "portico-locale-de" */ './locales/de.ts').then((m) => m.de),
  es: () => import(/* webpackChunkName: "portico-locale-es" */ './locales/es.ts').then((m) => m.es),
  fr: () => import(/* webpackChunkName: "portico-locale-fr" */ './locales/fr.ts').then((m) => m.fr),
  ja: () => import(/* webpackChunkName: "portico-locale-ja" */ './locales/ja.ts').then((m) => m.ja),
  zh: () => import(/* webpackChunkName: "portico-locale-zh" */ './locales/zh.ts').then((m) => m.zh),
  pt: () => import(/* webpackChunkName: "portico-locale-pt" */ './locales/pt.ts').then((m) => m.pt),
  ko: () => import(/* webpackChunkName: "portico-locale-ko" */ './locales/ko.ts').then((m) => m.ko),
  tr: () => import(/* webpackChunkName: "portico-locale-tr" */ './locales/tr.ts').then((m) => m.tr),
  ar: () => import(/* webpackChunkName: "portico-locale-ar" */ './locales/ar.ts').then((m) => m.ar),
}

export interface ResolvedLocale {
  /** Canonical BCP 47 tag used by Intl (`de-CH` stays `de-CH`). */
  locale: string
  /** The catalogue for it (`de-CH` → de, `pt-BR` → pt); English when none matches. */
  language: Language
}

const MAX_LOCALE_LENGTH = 64

/** Validates a locale tag; a malformed or unsupported one gives a reason and English. */
export function resolveLocale(requested: unknown): ResolvedLocale & { problem?: string } {
  if (typeof requested !== 'string' || requested.trim() === '' || requested.length > MAX_LOCALE_LENGTH) {
    return {
      locale: 'en',
      language: 'en',
      problem: `Portico: locale ${JSON.stringify(requested)} is not a language tag; using English`,
    }
  }
  let locale: string
  try {
    locale = Intl.getCanonicalLocales(requested.trim())[0] ?? 'en'
  } catch {
    return {
      locale: 'en',
      language: 'en',
      problem: `Portico: locale "${requested}" is not a valid language tag; using English`,
    }
  }
  const base = locale.split('-')[0]?.toLowerCase()
  const language = SUPPORTED_LANGUAGES.find((candidate) => candidate === base)
  if (!language) {
    return {
      locale,
      language: 'en',
      problem: `Portico: no catalogue for locale "${locale}" (supported: ${SUPPORTED_LANGUAGES.join(', ')}); strings in English`,
    }
  }
  return { locale, language }
}
