/**
 * The swaps plugin's strings in the modal's language: its catalogue (messages.ts) through ctx.i18n,
 * English without it. behaviour §8 messages come from MESSAGES.
 */
import type { I18nVars } from '@portico/shared-types'
import type { PluginContext } from '@portico/shared-types/plugin'
import { en } from './messages.ts'

function english(key: string): string {
  let node: unknown = en
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  return typeof node === 'string' ? node : key
}

function translate(ctx: PluginContext, key: string, vars?: I18nVars): string {
  if (ctx.i18n) return ctx.i18n.t(key, vars)
  return english(key).replace(/\{(\w+)\}/g, (match, name: string) =>
    vars && Object.hasOwn(vars, name) ? String(vars[name]) : match,
  )
}

type Plain = Exclude<keyof typeof en, 'views' | 'features'>

/** Every string of the plugin for `ctx`'s language; the templated ones as functions. */
export function texts(ctx: PluginContext) {
  const t = (key: Plain, vars?: I18nVars) => translate(ctx, key, vars)
  const plain = Object.fromEntries(
    (Object.keys(en) as (keyof typeof en)[])
      .filter((key): key is Plain => typeof en[key] === 'string')
      .map((key) => [key, t(key)]),
  ) as Record<Plain, string>
  return {
    ...plain,
    sourceToken: (symbol: string) => t('sourceToken', { symbol }),
    toToken: (symbol: string) => t('toToken', { symbol }),
    unverifiedToken: (symbol: string) => t('unverifiedToken', { symbol }),
    balance: (balance: string) => t('balance', { balance }),
    approx: (value: string) => t('approx', { value }),
    approve: (symbol: string) => t('approve', { symbol }),
    tooManyDecimals: (symbol: string, decimals: number) => t('tooManyDecimals', { symbol, decimals }),
    approved: (symbol: string) => t('approved', { symbol }),
    swapping: (from: string, to: string) => t('swapping', { from, to }),
    swapped: (from: string, to: string) => t('swapped', { from, to }),
  }
}

export type Texts = ReturnType<typeof texts>

/** React hook: texts() that re-renders the caller when the locale or a catalogue changes. */
export function useTexts(ctx: PluginContext): Texts {
  ctx.i18n?.useTranslation()
  return texts(ctx)
}
