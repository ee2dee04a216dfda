/** Localisation surface shared by the kernel, its handle and plugins. */

/** A catalogue: nested objects of strings. `{name}` placeholders; `key_one` / `key_other` plurals. */
export interface I18nMessages {
  [key: string]: string | I18nMessages
}

/**
 * A plugin's own catalogues by language (`en`, `de`, …): an object, or a loader (a dynamic import
 * of a chunk of the remote) called only when that language is asked for. English is the fallback.
 */
export type PluginCatalogues = Record<
  string,
  I18nMessages | (() => Promise<I18nMessages | { default: I18nMessages }>)
>

export type I18nVars = Record<string, string | number>

/** Translation and Intl formatting for the modal's current locale. */
export interface I18nApi {
  /** The BCP 47 locale in use (e.g. `de-DE`). */
  locale(): string
  /** The BCP 47 tag of the kernel's strings as shown: the locale when a catalogue has it, else `en`. */
  contentLanguage(): string
  /**
   * The string at a dotted key: the plugin's catalogue first (a plugin's ctx.i18n), then the
   * kernel's, each in the current language then English; the key itself when none has it.
   */
  t(key: string, vars?: I18nVars): string
  formatNumber(value: number | bigint, options?: Intl.NumberFormatOptions): string
  /** A balance (decimal string) floored to 3 decimals (behaviour §5) in the locale's separators. */
  formatBalance(value: string | undefined): string
  formatFiat(value: number | undefined, currency?: string): string
  formatDate(value: Date | number, options?: Intl.DateTimeFormatOptions): string
  formatRelativeTime(value: Date | number, now?: Date | number): string
  /** Called after every locale switch and catalogue load. */
  subscribe(listener: () => void): () => void
  /** React hook: re-renders the calling component when the locale or a catalogue changes. */
  useTranslation(): I18nApi
}
