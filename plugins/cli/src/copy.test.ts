// @vitest-environment node
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type FakeApp, fakeApp } from '../test/fakeApp.ts'
import { PLUGIN_PACKAGES } from './catalogue.ts'
import { copyPlugins } from './copy.ts'

let app: FakeApp | undefined
afterEach(() => app?.remove())

const read = (...parts: string[]) => readFileSync(path.join(...parts), 'utf8')

describe('portico-plugins copy', () => {
  it('copies the named plugins into <dir>/<id>/', async () => {
    app = fakeApp()
    app.install('@portico/plugin-swaps', 'swaps')
    app.install('@portico/plugin-smart-sessions', 'smartSessions')
    const copied = await copyPlugins({
      appDir: app.dir,
      targetDir: 'public/plugins',
      ids: ['swaps', 'smartSessions'],
    })
    expect(copied.map(({ id, version, files }) => [id, version, files.length])).toEqual([
      ['swaps', '1.2.3', 3],
      ['smartSessions', '1.2.3', 3],
    ])
    expect(read(app.dir, 'public/plugins/swaps/remoteEntry.js')).toBe('/* swaps entry */')
    expect(read(app.dir, 'public/plugins/smartSessions/chunks/a.1234.js')).toBe('/* smartSessions chunk */')
  })

  it('takes the plugins a config turns on, ignoring kernel flags and plugins turned off', async () => {
    app = fakeApp()
    app.install('@portico/plugin-send', 'send')
    app.install('@portico/plugin-email', 'email')
    writeFileSync(
      path.join(app.dir, 'portico.config.json'),
      JSON.stringify({ features: { send: true, email: ['email'], swaps: false, analytics: true } }),
    )
    const copied = await copyPlugins({
      appDir: app.dir,
      targetDir: 'static',
      configFile: 'portico.config.json',
    })
    expect(copied.map((remote) => remote.id)).toEqual(['send', 'email'])
  })

  it('reads a JavaScript config module', async () => {
    app = fakeApp()
    app.install('@portico/plugin-receive', 'receive')
    writeFileSync(
      path.join(app.dir, 'portico.mjs'),
      'export const options = { features: { receive: true } }\n',
    )
    const copied = await copyPlugins({ appDir: app.dir, targetDir: 'static', configFile: 'portico.mjs' })
    expect(copied.map((remote) => remote.id)).toEqual(['receive'])
  })

  it('without ids or config, copies the plugin packages the app depends on', async () => {
    app = fakeApp({ '@portico/plugin-history': '^0.1.0', react: '^19.0.0' })
    app.install('@portico/plugin-history', 'history')
    const copied = await copyPlugins({ appDir: app.dir, targetDir: 'static' })
    expect(copied.map((remote) => remote.id)).toEqual(['history'])
  })

  it('names the package to install when a plugin is not installed, before copying any', async () => {
    app = fakeApp()
    app.install('@portico/plugin-send', 'send')
    await expect(
      copyPlugins({ appDir: app.dir, targetDir: 'static', ids: ['send', 'names'] }),
    ).rejects.toThrow('@portico/plugin-names is not installed')
  })

  it('knows exactly the plugin packages of this repository', () => {
    const plugins = path.resolve(import.meta.dirname, '../..')
    const packages = readdirSync(plugins)
      .filter((folder) => existsSync(path.join(plugins, folder, 'package.json')))
      .map(
        (folder) =>
          JSON.parse(read(plugins, folder, 'package.json')) as { name: string; portico?: { id?: string } },
      )
      .filter((pkg) => pkg.portico?.id)
    expect(Object.fromEntries(packages.map((pkg) => [pkg.portico?.id, pkg.name]))).toEqual(PLUGIN_PACKAGES)
  })
})
