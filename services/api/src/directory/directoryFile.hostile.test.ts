import { mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  DirectoryFileError,
  MAX_DEPTH,
  MAX_ENTRIES,
  MAX_FILE_BYTES,
  readDirectoryFile,
} from './directoryFile.ts'
import { readBoundedFile } from './importCommand.ts'

const dir = mkdtempSync(join(tmpdir(), 'portico-directory-file-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const json = (value: unknown) => Buffer.from(JSON.stringify(value))
const entry = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  name: `Wallet ${id}`,
  chains: ['eip155:1'],
  ...over,
})
const refusal = (bytes: Buffer) => {
  try {
    readDirectoryFile(bytes)
  } catch (err) {
    expect(err).toBeInstanceOf(DirectoryFileError)
    return (err as Error).message
  }
  throw new Error('the file was accepted')
}

describe('a hostile directory file', () => {
  it('is refused when larger than the limit, before it is read whole', async () => {
    const file = join(dir, 'huge.json')
    writeFileSync(file, '')
    truncateSync(file, MAX_FILE_BYTES * 4)
    // The length, not the bytes, when it is read: a failure message must not print 64 MiB.
    const outcome = await readBoundedFile(file).then(
      (bytes) => `read ${bytes.length} bytes`,
      (err: Error) => err.message,
    )
    expect(outcome).toBe(`file is larger than ${MAX_FILE_BYTES} bytes; refused`)
    expect(refusal(Buffer.alloc(MAX_FILE_BYTES + 1, 0x20))).toMatch(/at most \d+ are read/)
  })

  it('is refused when nested deeper than the listing shape needs', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`
    expect(refusal(Buffer.from(deep))).toBe(`file nests deeper than ${MAX_DEPTH} levels`)
    const inName = json([entry('a', { extra: { a: { b: { c: { d: { e: { f: { g: {} } } } } } } } })])
    expect(refusal(inName)).toMatch(/nests deeper/)
    // Brackets inside strings are text, not nesting.
    expect(readDirectoryFile(json([entry('a', { name: '[[[[[[[[[[[[[[[[ ok' })])).wallets).toHaveLength(1)
  })

  it('is refused when it lists more wallets than the limit', () => {
    const many = Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => ({ id: `w${i}` }))
    expect(refusal(json(many))).toBe(
      `file lists ${MAX_ENTRIES + 1} wallets; at most ${MAX_ENTRIES} are imported`,
    )
  })

  it('is refused when it is not JSON or not a listing', () => {
    expect(refusal(Buffer.from('{"listings": '))).toMatch(/^not JSON/)
    expect(refusal(json({ wallets: 3 }))).toMatch(/expected a list of wallets/)
  })

  it('loses hostile entries and fields, and reports each by entry', () => {
    const result = readDirectoryFile(
      json([
        entry('ok', { mobile_link: 'javascript:alert(document.cookie)', name: 'Ok\u202E Wallet' }),
        'not an object',
        entry('ok', { name: 'Same id again' }),
        entry('blank', { name: '\u200B\u202E' }),
        entry('img', { image: `data:image/png;base64,${'A'.repeat(400_000)}` }),
      ]),
    )
    expect(result.wallets.map((w) => [w.id, w.name, w.mobile_link, w.image_id])).toEqual([
      ['ok', 'Ok Wallet', null, ''],
      ['img', 'Wallet img', null, ''],
    ])
    expect(result.report).toEqual([
      'entry 1 (ok): name: invisible characters, extra spaces or excess length removed',
      'entry 1 (ok): mobile_link dropped: uses the javascript: scheme',
      'entry 2: refused: not an object',
      'entry 3 (ok): refused: the id is listed earlier in the file',
      'entry 4 (blank): refused: name has no visible characters',
      'entry 5 (img): image dropped: image larger than 131072 bytes',
    ])
  })
})
