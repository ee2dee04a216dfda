/** The app's language (`<html lang>`) when `locale` is not given, else English. */
export function defaultLocale(): string {
  return (typeof document !== 'undefined' && document.documentElement?.lang) || 'en'
}
