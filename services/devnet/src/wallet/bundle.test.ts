import { readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { rspack } from '@rspack/core'
import { afterAll, expect, it } from 'vitest'
import config from '../../rspack.config.ts'

const outDir = path.join(tmpdir(), `portico-dev-wallet-${process.pid}`)
afterAll(() => rmSync(outDir, { recursive: true, force: true }))

it('bundles the dev wallet as ASCII only (V8 keeps an init script source one byte per character)', async () => {
  await new Promise<void>((resolve, reject) =>
    rspack({ ...config, output: { ...config.output, path: outDir } }).run((error, stats) =>
      error || stats?.hasErrors() ? reject(error ?? new Error(stats?.toString('errors-only'))) : resolve(),
    ),
  )
  const bundle = readFileSync(path.join(outDir, 'dev-wallet.js'), 'utf8')
  expect(bundle.length).toBeGreaterThan(10_000)
  expect([...bundle].filter((char) => char.charCodeAt(0) > 0x7f)).toEqual([])
})
