import { readdirSync } from 'node:fs'
import path from 'node:path'
import { MESSAGES } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { en } from './en.ts'
import { CATALOGUE_LOADERS, SUPPORTED_LANGUAGES } from './locales.ts'
import { leafKeys, lookup } from './translate.ts'
import type { Messages } from './types.ts'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
const languages = SUPPORTED_LANGUAGES.filter((language) => language !== 'en')

describe('locale catalogues', () => {
  it('cover the issue’s languages, one file per language', () => {
    expect([...SUPPORTED_LANGUAGES].sort()).toEqual([
      'ar',
      'de',
      'en',
      'es',
      'fr',
      'ja',
      'ko',
      'pt',
      'tr',
      'zh',
    ])
    const files = readdirSync(path.join(import.meta.dirname, 'locales')).filter(
      (name) => !name.includes('.test.'),
    )
    expect(files.sort()).toEqual(languages.map((language) => `${language}.ts`).sort())
  })

  it.each(
    languages,
  )('%s has every English key, no other key, and the same placeholders', async (language) => {
    const catalogue = (await CATALOGUE_LOADERS[language]()) as unknown as Messages
    const english = leafKeys(en as unknown as Messages)
    const keys = leafKeys(catalogue)
    expect(english.filter((key) => !keys.includes(key))).toEqual([])
    // A language may have more plural forms than English (Arabic: zero, two, few, many), each a form of
    // a key English has in plural.
    const extraPlural = (key: string) => {
      const match = /^(.+)_(zero|two|few|many)$/.exec(key)
      return match !== null && english.includes(`${match[1]}_other`)
    }
    expect(keys.filter((key) => !english.includes(key) && !extraPlural(key))).toEqual([])
    for (const key of keys.filter(extraPlural))
      expect(placeholders(lookup(catalogue, key) ?? ''), `${language}: ${key}`).toEqual(['count'])
    for (const key of english) {
      const text = lookup(catalogue, key) ?? ''
      expect(text.trim(), `${language}: ${key}`).not.toBe('')
      expect(placeholders(text), `${language}: ${key}`).toEqual(placeholders(lookup(en, key) ?? ''))
    }
  })

  it('translates, not copies: most strings differ from English', async () => {
    for (const language of languages) {
      const catalogue = (await CATALOGUE_LOADERS[language]()) as unknown as Messages
      const english = leafKeys(en as unknown as Messages)
      const same = english.filter((key) => lookup(catalogue, key) === lookup(en, key))
      // Brand names (WalletConnect, EVM, Solana…) stay; the rest is translated.
      expect(same.length, `${language}: ${same.join(', ')}`).toBeLessThan(english.length / 5)
    }
  })

  it('keeps the behaviour §8 messages word for word in English', () => {
    for (const [key, text] of Object.entries(en.spec)) {
      expect(MESSAGES[key as keyof typeof MESSAGES], key).toBe(text)
    }
  })
})
