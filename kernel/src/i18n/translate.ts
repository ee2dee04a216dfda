import type { Messages, Vars } from './types.ts'

const MAX_KEY_DEPTH = 8

/** The string at a dotted `key` of `messages`, or undefined (a namespace object is not a string). */
export function lookup(messages: Messages | undefined, key: string): string | undefined {
  let node: string | Messages | undefined = messages
  const parts = key.split('.')
  if (parts.length > MAX_KEY_DEPTH) return undefined
  for (const part of parts) {
    if (node === undefined || typeof node === 'string' || !Object.hasOwn(node, part)) return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

/** `key_<plural category>` for `count` (then `key_other`, then `key`) from one catalogue. */
export function lookupPlural(
  messages: Messages | undefined,
  key: string,
  vars: Vars | undefined,
  plural: (count: number) => Intl.LDMLPluralRule,
): string | undefined {
  const count = vars?.count
  if (typeof count === 'number') {
    const form = lookup(messages, `${key}_${plural(count)}`) ?? lookup(messages, `${key}_other`)
    if (form !== undefined) return form
  }
  return lookup(messages, key)
}

/** Replaces `{name}` with `vars.name` (numbers through `formatNumber`); unknown placeholders stay. */
export function interpolate(template: string, vars: Vars | undefined, formatNumber: (n: number) => string) {
  if (!vars) return template
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    if (!Object.hasOwn(vars, name)) return match
    const value = vars[name]
    return typeof value === 'number' ? formatNumber(value) : String(value)
  })
}

/** Every dotted leaf key of a catalogue (for completeness checks). */
export function leafKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : leafKeys(value, `${prefix}${key}.`),
  )
}
