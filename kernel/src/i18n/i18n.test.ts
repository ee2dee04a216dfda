import { describe, expect, it, vi } from 'vitest'
import { createI18n, isMessages } from './i18n.ts'
import { resolveLocale } from './locales.ts'

const logger = () => ({ debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() })

describe('createI18n', () => {
  it('speaks English by default, with placeholders and plural forms', async () => {
    const i18n = createI18n('en', logger())
    await i18n.ready
    expect(i18n.t('connectWallet')).toBe('Connect Wallet')
    expect(i18n.t('continueIn', { name: 'Rabby' })).toBe('Continue in Rabby')
    expect(i18n.t('allWallets.results', { count: 1 })).toBe('1 wallet found')
    expect(i18n.t('allWallets.results', { count: 1200 })).toBe('1,200 wallets found')
  })

  it('loads the German catalogue when asked and formats numbers in German', async () => {
    const i18n = createI18n('de-DE', logger())
    expect(i18n.locale()).toBe('de-DE')
    await i18n.ready
    expect(i18n.language()).toBe('de')
    expect(i18n.t('connectWallet')).toBe('Wallet verbinden')
    expect(i18n.t('allWallets.results', { count: 1 })).toBe('1 Wallet gefunden')
    expect(i18n.t('allWallets.results', { count: 1200 })).toBe('1.200 Wallets gefunden')
    expect(i18n.formatters().formatBalance('1234.5678')).toBe('1.234,567')
  })

  it('switches at run time, tells subscribers, and the last switch wins', async () => {
    const i18n = createI18n('en', logger())
    await i18n.ready
    const listener = vi.fn()
    i18n.subscribe(listener)
    const toFrench = i18n.setLocale('fr')
    const toJapanese = i18n.setLocale('ja')
    await Promise.all([toFrench, toJapanese])
    expect(i18n.locale()).toBe('ja')
    expect(i18n.t('disconnect')).toBe('切断')
    expect(listener).toHaveBeenCalled()
  })

  it('falls back to English for an unknown or malformed locale, with a clear warning', async () => {
    const log = logger()
    const i18n = createI18n('xx-invalid-tag-!!', log)
    await i18n.ready
    expect(i18n.locale()).toBe('en')
    expect(i18n.t('back')).toBe('Back')
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('not a valid language tag'))
    expect(resolveLocale('nl-NL')).toMatchObject({ locale: 'nl-NL', language: 'en' })
    expect(resolveLocale('pt-BR')).toMatchObject({ locale: 'pt-BR', language: 'pt' })
    expect(resolveLocale('zh-Hant-TW')).toMatchObject({ language: 'zh' })
    expect(resolveLocale(42).problem).toContain('not a language tag')
    expect(resolveLocale('a'.repeat(200)).locale).toBe('en')
  })

  it('translates behaviour §8 toast messages and leaves other text alone', async () => {
    const i18n = createI18n('es', logger())
    await i18n.ready
    expect(i18n.translateMessage('Action not allowed')).toBe('Acción no permitida')
    expect(i18n.translateMessage('Something only a plugin says')).toBe('Something only a plugin says')
  })
})

describe('plugin catalogues (ctx.i18n)', () => {
  const catalogues = () => ({
    en: { greeting: 'Hello {name}', views: { Send: 'Send' }, onlyEnglish: 'Only in English' },
    de: vi.fn(async () => ({ default: { greeting: 'Hallo {name}', views: { Send: 'Senden' } } })),
    fr: vi.fn(async () => ({ greeting: 'Bonjour {name}' })),
  })

  it('reads the plugin’s own strings first, then English per key, then the kernel’s', async () => {
    const i18n = createI18n('de', logger())
    const sources = catalogues()
    await Promise.all([i18n.ready, i18n.addCatalogues('send', sources)])
    const ctx = i18n.scoped('send')
    expect(ctx.t('greeting', { name: 'Ada' })).toBe('Hallo Ada')
    expect(ctx.t('onlyEnglish')).toBe('Only in English')
    expect(ctx.t('disconnect')).toBe('Trennen')
    expect(ctx.t('no.such.key')).toBe('no.such.key')
    expect(i18n.ownerString('send', 'views.Send')).toBe('Senden')
    expect(sources.fr).not.toHaveBeenCalled()
    await i18n.setLocale('fr')
    expect(sources.fr).toHaveBeenCalledTimes(1)
    expect(ctx.t('greeting', { name: 'Ada' })).toBe('Bonjour Ada')
    expect(ctx.formatNumber(1234.5)).toBe('1\u202f234,5')
  })

  it('refuses a malformed catalogue with a warning and keeps working', async () => {
    const log = logger()
    const i18n = createI18n('de', log)
    await i18n.addCatalogues('evil', {
      en: { ok: 'fine' },
      de: async () => ({ ok: 42 }) as never,
    })
    expect(i18n.scoped('evil').t('ok')).toBe('fine')
    expect(log.warn).toHaveBeenCalledWith(expect.stringContaining('evil'), expect.any(Error))
  })

  it('bounds depth and size and never reads inherited properties', () => {
    let deep: Record<string, unknown> = { leaf: 'x' }
    for (let i = 0; i < 20; i++) deep = { nested: deep }
    expect(isMessages(deep)).toBe(false)
    expect(isMessages(Object.fromEntries(Array.from({ length: 6000 }, (_, i) => [`k${i}`, 'v'])))).toBe(false)
    expect(isMessages({ a: { b: 'c' } })).toBe(true)
    const i18n = createI18n('en', logger())
    expect(i18n.t('__proto__' as never)).toBe('__proto__')
    expect(i18n.t('constructor' as never)).toBe('constructor')
    expect(i18n.t('back' as never, { back: 'x' })).toBe('Back')
  })
})
