import { describe, expect, it } from 'vitest'
import {
  cleanName,
  erc1155Uri,
  MAX_JSON_BYTES,
  MAX_NAME_CHARS,
  MAX_URI_CHARS,
  parseTokenMetadata,
  safeImageUrl,
} from './metadata.ts'

const API = 'http://127.0.0.1:4000'
const PNG = 'data:image/png;base64,iVBORw0KGgo='
const b64 = (value: unknown) =>
  `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString('base64')}`

describe('parseTokenMetadata (hostile token URIs)', () => {
  it('reads name and image of base64 and percent-encoded data: JSON', () => {
    expect(parseTokenMetadata(b64({ name: 'Blue #1', image: PNG }), API)).toEqual({
      name: 'Blue #1',
      image: PNG,
    })
    const plain = `data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify({ name: 'Red' }))}`
    expect(parseTokenMetadata(plain, API)).toEqual({ name: 'Red', image: null })
  })

  it('never fetches: http(s), ipfs and other URIs give no metadata', () => {
    for (const uri of [
      'https://evil.example/meta.json',
      `${API}/meta/1.json`,
      'ipfs://Qm123',
      'file:///etc/passwd',
    ])
      expect(parseTokenMetadata(uri, API)).toEqual({ name: null, image: null })
  })

  it('refuses other media types, broken base64, broken JSON, non-objects', () => {
    for (const uri of [
      `data:text/html;base64,${Buffer.from('{"name":"x"}').toString('base64')}`,
      'data:application/json;base64,@@@@',
      'data:application/json,{not json',
      b64(['name']),
      b64('name'),
      b64(null),
      'data:application/json,%E0%A4%A',
      42,
      null,
    ])
      expect(parseTokenMetadata(uri, API)).toEqual({ name: null, image: null })
  })

  it('bounds sizes: an over-long URI or JSON is not parsed', () => {
    const big = `data:application/json,${JSON.stringify({ name: 'x', pad: 'a'.repeat(MAX_JSON_BYTES) })}`
    expect(big.length).toBeLessThan(MAX_URI_CHARS)
    expect(parseTokenMetadata(big, API)).toEqual({ name: null, image: null })
    expect(parseTokenMetadata(`data:application/json,${'%20'.repeat(MAX_URI_CHARS)}`, API).name).toBeNull()
  })

  it('a deeply nested JSON does not crash', () => {
    const deep = `data:application/json,${encodeURIComponent(`${'['.repeat(5000)}${']'.repeat(5000)}`)}`
    expect(parseTokenMetadata(deep, API)).toEqual({ name: null, image: null })
  })
})

describe('safeImageUrl', () => {
  it('keeps raster/svg data:image URIs and URLs of the API origin only', () => {
    expect(safeImageUrl(PNG, API)).toBe(PNG)
    expect(safeImageUrl(`${API}/icons/a.png`, API)).toBe(`${API}/icons/a.png`)
  })

  it('drops javascript:, other origins, credentials, other data: types, non-strings, huge values', () => {
    for (const raw of [
      'javascript:alert(1)',
      'https://tracker.example/pixel.png',
      'http://127.0.0.1:4001/icons/a.png',
      'http://user:pw@127.0.0.1:4000/a.png',
      'data:text/html;base64,PHNjcmlwdD4=',
      'data:image/png;base64,AAA" onerror="alert(1)',
      `data:image/png;base64,${'A'.repeat(200_000)}`,
      '//127.0.0.1:4000/a.png',
      { url: PNG },
      '',
    ])
      expect(safeImageUrl(raw, API)).toBeNull()
    expect(safeImageUrl(`${API}/a.png`, undefined)).toBeNull()
  })
})

describe('cleanName', () => {
  it('strips control and bidi characters, trims and bounds the length', () => {
    expect(cleanName('  Evil\u202e gpj.exe\u0000 ')).toBe('Evil gpj.exe')
    expect(cleanName('x'.repeat(500))).toHaveLength(MAX_NAME_CHARS)
    expect(cleanName('\u0000\u0001')).toBeNull()
    expect(cleanName(7)).toBeNull()
  })
})

describe('erc1155Uri', () => {
  it('replaces {id} with 64 hex digits (EIP-1155)', () => {
    expect(erc1155Uri('data:application/json,{id}', '255')).toBe(`data:application/json,${'0'.repeat(62)}ff`)
  })
})
