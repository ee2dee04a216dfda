/**
 * A remote built by build/pluginRemote.ts (as a third party would build one) runs on the kernel's
 * federation runtime: its remoteEntry.js is glue only (no runtime, SDK or bundler runtime of its own).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { runInThisContext } from 'node:vm'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildFixturePlugin } from '../../../e2e/fixtures/third-party-plugin/build.ts'
import { checkDefinition } from './definition.ts'
import { apiSatisfies, evaluateRemote, HOST_BUNDLER_RUNTIME_KEY, remoteName } from './federation.ts'

const ID = 'gluecheck'
const BASE = 'https://plugins.test/'
let dir = ''
let entry = ''

beforeAll(async () => {
  dir = await buildFixturePlugin({
    id: ID,
    api: '^1.0.0',
    version: '1.0.0',
    outDir: path.join(tmpdir(), `portico-glue-${process.pid}`),
  })
  entry = readFileSync(path.join(dir, 'remoteEntry.js'), 'utf8')
}, 60_000)

afterAll(() => rmSync(path.dirname(dir), { recursive: true, force: true }))

describe('plugin remote glue', () => {
  it('keeps remoteEntry.js at most 4 KiB gzip, without a federation runtime of its own', () => {
    expect(gzipSync(entry).length).toBeLessThanOrEqual(4096)
    // Strings of @module-federation/sdk, runtime and webpack-bundler-runtime (error codes, loggers).
    for (const marker of ['RUNTIME-00', '[ Federation Runtime ]', 'initOptions is required'])
      expect(entry).not.toContain(marker)
    expect(entry).toContain(HOST_BUNDLER_RUNTIME_KEY)
  })

  it("evaluates on the kernel's runtime and yields the plugin definition", async () => {
    const entryUrl = `${BASE}${ID}/remoteEntry.js`
    // The kernel publishes its runtime when it first needs federation (here: the api range check).
    expect(await apiSatisfies('1.0.0', '^1.0.0')).toBe(true)
    expect((globalThis as Record<string, unknown>)[HOST_BUNDLER_RUNTIME_KEY]).toBeTruthy()
    // What the script tags would do (jsdom loads none): the chunk queues itself, the entry defines
    // its container global; the entry finds its public path from its script element.
    const script = document.createElement('script')
    script.src = entryUrl
    document.head.append(script)
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.js') && name !== 'remoteEntry.js'))
      runInThisContext(readFileSync(path.join(dir, file), 'utf8'))
    runInThisContext(entry)
    expect((globalThis as Record<string, unknown>)[remoteName(ID)]).toBeTruthy()
    const loading = evaluateRemote(ID, entryUrl, `sha384-${'A'.repeat(64)}`)
    const definition = checkDefinition(ID, await loading)
    expect(definition.id).toBe(ID)
    expect(Object.keys(definition.views ?? {})).toEqual([`${ID}:Points`])
  })
})
