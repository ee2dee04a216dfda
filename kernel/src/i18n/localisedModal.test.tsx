import { readFileSync } from 'node:fs'
import path from 'node:path'
import { definePlugin, type PluginViewProps } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NO_PLUGINS } from '../../test/testing.ts'
import { trackModals } from '../../test/testModals.ts'

const modals = trackModals()
const make = (locale?: string) => modals.make(locale ? { locale } : {})

afterEach(() => {
  modals.destroyAll()
  document.documentElement.lang = ''
})

describe('the modal in other languages', () => {
  it('renders German when locale is de', async () => {
    const modal = make('de')
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Wallet verbinden' })
    expect(within(dialog).getByRole('button', { name: 'Schließen' })).toBeTruthy()
    expect(within(dialog).getByText('QR-Code')).toBeTruthy()
    expect(screen.getByRole('status', { name: 'Benachrichtigungen' })).toBeTruthy()
    expect(dialog.closest('[data-portico]')?.getAttribute('lang')).toBe('de')
  })

  it('re-renders the open modal on handle.setLocale and back to English', async () => {
    const modal = make()
    act(() => modal.open())
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    await act(() => modal.setLocale('ja'))
    const dialog = await screen.findByRole('dialog', { name: 'ウォレットを接続' })
    expect(within(dialog).getByRole('button', { name: '閉じる' })).toBeTruthy()
    expect(modal.getI18n().locale()).toBe('ja')
    expect(modal.getI18n().formatFiat(12.5, 'EUR')).toBe('€12.50')
    await act(() => modal.setLocale('en'))
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it('takes the page language when no locale is given', async () => {
    document.documentElement.lang = 'es'
    const modal = make()
    act(() => modal.open())
    await screen.findByRole('dialog', { name: 'Conectar billetera' })
  })

  it('writes Arabic right to left: the root says dir="rtl", its plurals take Arabic forms, German stays left to right', async () => {
    const modal = make('ar')
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'ربط المحفظة' })
    expect(within(dialog).getByRole('button', { name: 'إغلاق' })).toBeTruthy()
    const root = dialog.closest('[data-portico]')
    expect(root?.getAttribute('lang')).toBe('ar')
    expect(root?.getAttribute('dir')).toBe('rtl')
    // Intl.PluralRules('ar'): 2 → two, 3 → few, 11 → many.
    expect(modal.getI18n().t('allWallets.results', { count: 2 })).toContain('محفظتين')
    expect(modal.getI18n().t('allWallets.results', { count: 3 })).toContain('محافظ')
    await act(() => modal.setLocale('de'))
    await screen.findByRole('dialog', { name: 'Wallet verbinden' })
    expect(root?.getAttribute('dir')).toBe('ltr')
  })

  it('keeps an English modal left to right inside a right-to-left page (a locale without a catalogue)', async () => {
    const modal = make('he')
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.closest('[data-portico]')?.getAttribute('dir')).toBe('ltr')
  })

  it('marks the modal English when the locale has no catalogue (strings fall back)', async () => {
    const modal = make('nl-NL')
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(dialog.closest('[data-portico]')?.getAttribute('lang')).toBe('en')
    expect(modal.getI18n().formatNumber(1234.5)).toBe('1.234,5')
  })
})

describe('a plugin’s own catalogue', () => {
  function LoyaltyView({ ctx }: PluginViewProps) {
    const i18n = ctx.i18n?.useTranslation()
    return <p>{i18n?.t('points', { count: 1500 })}</p>
  }
  const loyalty = definePlugin({
    id: 'loyalty',
    api: '^1.0.0',
    views: { Loyalty: { component: LoyaltyView, title: 'Loyalty' } },
    messages: {
      en: {
        views: { Loyalty: 'Loyalty points' },
        points_one: '{count} point',
        points_other: '{count} points',
      },
      de: async () => ({ default: { views: { Loyalty: 'Treuepunkte' }, points_other: '{count} Punkte' } }),
    },
  })

  it('titles the plugin’s view and fills its strings in the locale, English per missing language', async () => {
    const modal = modals.make({
      features: { ...NO_PLUGINS, loyalty: true },
      plugins: { loyalty: { definition: loyalty } },
      locale: 'de',
    })
    act(() => modal.open())
    await waitFor(() => expect(modal.getState().plugins.loyalty?.status).toBe('ready'))
    act(() => modal.open('Loyalty'))
    const dialog = await screen.findByRole('dialog', { name: 'Treuepunkte' })
    await within(dialog).findByText('1.500 Punkte')
    await act(() => modal.setLocale('fr'))
    await screen.findByRole('dialog', { name: 'Loyalty points' })
    await screen.findByText('1 500 points', { normalizer: (text) => text.replace(/\u202f/g, ' ') })
  })
})

describe('catalogue chunks', () => {
  /** Static imports reachable from a module (dynamic import() calls are chunk boundaries). */
  function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
    if (seen.has(entry)) return seen
    seen.add(entry)
    const source = readFileSync(entry, 'utf8')
    for (const match of source.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+'(\.[^']+)'/gm)) {
      const target = path.resolve(path.dirname(entry), match[1] ?? '')
      if (/\.tsx?$/.test(target)) staticGraph(target, seen)
    }
    return seen
  }

  it('keeps every non-English catalogue out of the eager kernel (a dynamic import each)', () => {
    const src = path.resolve(import.meta.dirname, '..')
    const eager = [
      ...staticGraph(path.join(src, 'index.ts')),
      ...staticGraph(path.join(src, 'standalone.ts')),
    ]
    expect(eager).toContain(path.join(src, 'i18n/en.ts'))
    expect(eager.filter((file) => file.includes(`${path.sep}locales${path.sep}`))).toEqual([])
    const loaders = readFileSync(path.join(src, 'i18n/locales.ts'), 'utf8')
    for (const language of ['de', 'es', 'fr', 'ja', 'zh', 'pt', 'ko', 'tr']) {
      expect(loaders).toContain(
        `import(/* webpackChunkName: "portico-locale-${language}" */ './locales/${language}.ts')`,
      )
    }
  })
})
