import type { I18nApi, I18nVars, PluginCatalogues } from '@portico/shared-types'
import type { Logger } from '@portico/shared-types/plugin'
import { useSyncExternalStore } from 'react'
import { UsageError } from '../errors/usage.ts'
import { en } from './en.ts'
import { createFormatters, type Formatters } from './format.ts'
import { CATALOGUE_LOADERS, type Language, type ResolvedLocale, resolveLocale } from './locales.ts'
import { interpolate, lookupPlural } from './translate.ts'
import type { MessageKey, Messages } from './types.ts'

/** The kernel's localisation: one per modal. Plugins see `scoped(pluginId)` as `ctx.i18n`. */
export interface I18n {
  locale(): string
  language(): Language
  /** The BCP 47 tag of the strings shown: the locale when a catalogue has it, else `en`. */
  contentLanguage(): string
  /** A kernel string for the current language (English per missing key). */
  t(key: MessageKey, vars?: I18nVars): string
  /** Switches locale; resolves once the kernel's and plugins' catalogues for it are loaded. */
  setLocale(locale: string): Promise<void>
  /** Registers an owner's (a plugin's) catalogues and loads the current language's. */
  addCatalogues(owner: string, catalogues: PluginCatalogues): Promise<void>
  removeCatalogues(owner: string): void
  /** An owner's (a plugin's) own string in the current language, then English; undefined when absent. */
  ownerString(owner: string, key: string, vars?: I18nVars): string | undefined
  /** The public surface: the kernel's strings, or an owner's first then the kernel's. */
  scoped(owner?: string): I18nApi
  /** A behaviour §8 English message (a toast) in the current language; other text is returned as is. */
  translateMessage(message: string): string
  subscribe(listener: () => void): () => void
  version(): number
  formatters(): Formatters
  /** Settles once the first locale's catalogue is loaded (or failed to load). */
  ready: Promise<void>
}

const MAX_CATALOGUE_DEPTH = 8
const MAX_CATALOGUE_STRINGS = 5_000

/** A plugin catalogue is checked before use: nested objects of strings, bounded in depth and size. */
export function isMessages(
  value: unknown,
  depth = 0,
  budget = { left: MAX_CATALOGUE_STRINGS },
): value is Messages {
  if (depth > MAX_CATALOGUE_DEPTH || typeof value !== 'object' || value === null || Array.isArray(value))
    return false
  for (const child of Object.values(value)) {
    if (--budget.left < 0) return false
    if (typeof child !== 'string' && !isMessages(child, depth + 1, budget)) return false
  }
  return true
}

interface OwnerCatalogues {
  sources: PluginCatalogues
  loaded: Map<string, Messages>
}

export function createI18n(requested: string, log: Logger): I18n {
  let current: ResolvedLocale = resolveLocale('en')
  let format = createFormatters('en')
  let plural = new Intl.PluralRules('en')
  let version = 0
  const kernelCatalogues = new Map<Language, Messages>([['en', en]])
  const owners = new Map<string, OwnerCatalogues>()
  const listeners = new Set<() => void>()
  const specKeys = new Map(Object.entries(en.spec).map(([key, text]) => [text as string, key]))

  const notify = () => {
    version += 1
    for (const listener of [...listeners]) listener()
  }
  const resolveIn = (messages: Messages | undefined, key: string, vars?: I18nVars) =>
    lookupPlural(messages, key, vars, (count) => plural.select(count))
  const kernelString = (key: string, vars?: I18nVars) =>
    resolveIn(kernelCatalogues.get(current.language), key, vars) ?? resolveIn(en, key, vars)
  const render = (template: string | undefined, key: string, vars?: I18nVars) =>
    interpolate(template ?? key, vars, (n) => format.formatNumber(n))

  async function loadKernel(language: Language): Promise<void> {
    if (language === 'en' || kernelCatalogues.has(language)) return
    try {
      kernelCatalogues.set(language, await CATALOGUE_LOADERS[language]())
    } catch (error) {
      log.warn(`Portico: the "${language}" catalogue could not be loaded; strings in English`, error)
    }
  }

  async function loadOwner(owner: string, entry: OwnerCatalogues, language: string): Promise<void> {
    if (entry.loaded.has(language) || !Object.hasOwn(entry.sources, language)) return
    const source = entry.sources[language]
    try {
      const value = typeof source === 'function' ? await source() : source
      const messages = value && typeof value === 'object' && 'default' in value ? value.default : value
      if (!isMessages(messages))
        throw new UsageError('INVALID_CATALOGUE', 'a catalogue is nested objects of strings')
      entry.loaded.set(language, messages)
    } catch (error) {
      log.warn(`Portico: ${owner}'s "${language}" catalogue was not used`, error)
    }
  }

  let switching = 0
  async function setLocale(locale: string): Promise<void> {
    const resolved = resolveLocale(locale)
    if (resolved.problem) log.warn(resolved.problem)
    const switchId = ++switching
    current = { locale: resolved.locale, language: resolved.language }
    format = createFormatters(resolved.locale)
    plural = new Intl.PluralRules(resolved.locale)
    notify()
    const language = resolved.language
    await Promise.all([
      loadKernel(language),
      ...[...owners].flatMap(([owner, entry]) => [
        loadOwner(owner, entry, 'en'),
        loadOwner(owner, entry, language),
      ]),
    ])
    if (switchId === switching) notify()
  }

  const i18n: I18n = {
    locale: () => current.locale,
    language: () => current.language,
    contentLanguage: () => (current.language === 'en' ? 'en' : current.locale),
    t: (key, vars) => render(kernelString(key, vars), key, vars),
    setLocale,
    async addCatalogues(owner, sources) {
      const entry: OwnerCatalogues = { sources, loaded: new Map() }
      owners.set(owner, entry)
      await Promise.all([loadOwner(owner, entry, 'en'), loadOwner(owner, entry, current.language)])
      if (owners.get(owner) === entry) notify()
    },
    removeCatalogues(owner) {
      if (owners.delete(owner)) notify()
    },
    ownerString(owner, key, vars) {
      const entry = owners.get(owner)
      const own =
        resolveIn(entry?.loaded.get(current.language), key, vars) ??
        resolveIn(entry?.loaded.get('en'), key, vars)
      return own === undefined ? undefined : render(own, key, vars)
    },
    scoped(owner) {
      const api: I18nApi = {
        locale: () => current.locale,
        contentLanguage: () => i18n.contentLanguage(),
        t: (key, vars) =>
          (owner === undefined ? undefined : i18n.ownerString(owner, key, vars)) ??
          render(kernelString(key, vars), key, vars),
        formatNumber: (value, options) => format.formatNumber(value, options),
        formatBalance: (value) => format.formatBalance(value),
        formatFiat: (value, currency) => format.formatFiat(value, currency),
        formatDate: (value, options) => format.formatDate(value, options),
        formatRelativeTime: (value, now) => format.formatRelativeTime(value, now),
        subscribe: i18n.subscribe,
        useTranslation() {
          useSyncExternalStore(i18n.subscribe, i18n.version, i18n.version)
          return api
        },
      }
      return api
    },
    translateMessage(message) {
      const key = specKeys.get(message)
      return key === undefined ? message : i18n.t(`spec.${key}` as MessageKey)
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    version: () => version,
    formatters: () => format,
    ready: Promise.resolve(),
  }
  i18n.ready = setLocale(requested)
  return i18n
}
