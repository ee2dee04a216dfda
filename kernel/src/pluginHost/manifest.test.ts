import { describe, expect, it } from 'vitest'
import { MAX_MANIFEST_BYTES, manifestUrlFor, parseManifest } from './manifest.ts'

const HASH = `sha384-${'A'.repeat(64)}`
const CHUNK_HASH = `sha384-${'B'.repeat(64)}`
const URL_ = 'https://cdn.test/plugins/loyalty/mf-manifest.json'

const manifest = (portico: Record<string, unknown>) =>
  JSON.stringify({
    name: 'portico_loyalty',
    portico: {
      id: 'loyalty',
      api: '^1.0.0',
      version: '1.2.0',
      entry: 'remoteEntry.js',
      integrity: { 'remoteEntry.js': HASH, 'plugin.1234abcd.js': CHUNK_HASH },
      ...portico,
    },
  })

describe('mf-manifest.json', () => {
  it('is found beside the remote entry, or is the configured URL itself', () => {
    expect(manifestUrlFor('https://cdn.test/p/loyalty/remoteEntry.js')).toBe(
      'https://cdn.test/p/loyalty/mf-manifest.json',
    )
    expect(manifestUrlFor('https://cdn.test/p/loyalty/mf-manifest.json?x=1')).toBe(
      'https://cdn.test/p/loyalty/mf-manifest.json?x=1',
    )
  })

  it('gives the plugin id, api range, version, the entry and every file hash by absolute URL', () => {
    const parsed = parseManifest(manifest({}), URL_)
    expect(parsed).toMatchObject({
      id: 'loyalty',
      api: '^1.0.0',
      version: '1.2.0',
      entryUrl: 'https://cdn.test/plugins/loyalty/remoteEntry.js',
      entryIntegrity: HASH,
    })
    expect([...parsed.files]).toEqual([
      ['https://cdn.test/plugins/loyalty/remoteEntry.js', HASH],
      ['https://cdn.test/plugins/loyalty/plugin.1234abcd.js', CHUNK_HASH],
    ])
  })

  it.each([
    ['not JSON', '{', /not JSON/],
    ['no portico object', JSON.stringify({ name: 'x' }), /no "portico" object/],
    ['a malformed id', manifest({ id: '../x' }), /"id" is missing or malformed/],
    ['no api range', manifest({ api: undefined }), /"api" is missing/],
    ['a hash that is not SRI', manifest({ integrity: { 'remoteEntry.js': 'md5-abc' } }), /not an SRI hash/],
    ['no hash for the entry', manifest({ integrity: { 'other.js': HASH } }), /no integrity for the entry/],
    [
      'an entry on another origin',
      manifest({ entry: 'https://evil.test/e.js' }),
      /not on https:\/\/cdn.test/,
    ],
    [
      'a file on another origin',
      manifest({ integrity: { 'remoteEntry.js': HASH, '//evil.test/c.js': HASH } }),
      /"\/\/evil.test\/c.js" is not on/,
    ],
    [
      'too many files',
      manifest({ integrity: Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`${i}.js`, HASH])) }),
      /more than 256 files/,
    ],
    ['too many bytes', `${manifest({})}${' '.repeat(MAX_MANIFEST_BYTES)}`, /larger than/],
  ])('is refused with %s', (_, body, message) => {
    expect(() => parseManifest(body, URL_)).toThrow(message)
  })
})
