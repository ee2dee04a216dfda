/**
 * Time zones where Buy is not offered (behaviour §9 "restricted timezones": mainland China, Hong Kong and
 * Macau). The on-ramp providers do not sell to residents there, and the browser's time zone is the one
 * regional signal a page has without asking for location. Besides each region's canonical IANA zone the
 * list keeps the older names (links) still in the tz database, because a browser may report either.
 */
export const RESTRICTED_TIME_ZONES: ReadonlySet<string> = new Set([
  // Mainland China: the canonical zones, then the links to them.
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Kashgar',
  'PRC',
  // Hong Kong.
  'Asia/Hong_Kong',
  'Hongkong',
  // Macau.
  'Asia/Macau',
  'Asia/Macao',
])

export function isRestrictedTimeZone(timeZone: string | undefined): boolean {
  return timeZone !== undefined && RESTRICTED_TIME_ZONES.has(timeZone)
}

/** The visitor's IANA time zone as the browser reports it; undefined where Intl cannot tell. */
export function currentTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined
  } catch {
    return undefined
  }
}

/** Whether Buy is withheld here: read each time, so a page never caches a stale answer. */
export function buyRestricted(): boolean {
  return isRestrictedTimeZone(currentTimeZone())
}
