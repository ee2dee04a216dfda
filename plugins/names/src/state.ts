import type { I18nVars } from '@portico/shared-types'
import type { PluginContext, PluginStore } from '@portico/shared-types/plugin'
import { en } from './messages.ts'

export interface NamesState {
  /** behaviour §4: on from the start of a registration until it ends or is cancelled. */
  loading: boolean
  /** The name being registered, or the last one registered. */
  name?: string
  registered?: string
  error?: { title: string; reason?: string }
}

const stores = new WeakMap<PluginContext, PluginStore<NamesState>>()

/** One store per plugin context (a modal): both views and the registration share it. */
export function storeOf(ctx: PluginContext): PluginStore<NamesState> {
  let store = stores.get(ctx)
  if (!store) {
    store = ctx.createStore<NamesState>({ loading: false })
    stores.set(ctx, store)
  }
  return store
}

function english(key: string): string {
  let node: unknown = en
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
  return typeof node === 'string' ? node : key
}

/** A string of this plugin's catalogue in the modal's language (English without ctx.i18n). */
export function translate(ctx: PluginContext, key: string, vars?: I18nVars): string {
  if (ctx.i18n) return ctx.i18n.t(key, vars)
  return english(key).replace(/\{(\w+)\}/g, (match, name: string) =>
    vars && Object.hasOwn(vars, name) ? String(vars[name]) : match,
  )
}

/** React hook: `t` that re-renders the caller when the locale or a catalogue changes. */
export function useT(ctx: PluginContext) {
  ctx.i18n?.useTranslation()
  return (key: string, vars?: I18nVars) => translate(ctx, key, vars)
}
