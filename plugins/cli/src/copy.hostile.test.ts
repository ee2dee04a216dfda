// @vitest-environment node
import {
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type FakeApp, fakeApp } from '../test/fakeApp.ts'
import { copyPlugins } from './copy.ts'

let app: FakeApp
/** A folder outside the app that nothing may write to. */
let outside = ''

beforeEach(() => {
  app = fakeApp()
  app.install('@portico/plugin-swaps', 'swaps')
  outside = mkdtempSync(path.join(tmpdir(), 'portico-outside-'))
})
afterEach(() => {
  app.remove()
  rmSync(outside, { recursive: true, force: true })
})

const copy = (ids: string[], targetDir = 'public') => copyPlugins({ appDir: app.dir, targetDir, ids })

describe('portico-plugins copy never writes outside <dir>', () => {
  it.each([
    ['../x'],
    ['../../etc'],
    ['/tmp/x'],
    ['swaps/../../x'],
    ['swaps\\..\\x'],
    ['.'],
    [''],
    ['__proto__'],
    ['constructor'],
    ['SWAPS'],
  ])('refuses the id %j as unknown, copying nothing', async (id) => {
    await expect(copy(['swaps', id])).rejects.toThrow(/^unknown plugin id .*; known: email, history/)
    expect(existsSync(path.join(app.dir, 'public'))).toBe(false)
  })

  it('refuses a target folder that is a symbolic link', async () => {
    symlinkSync(outside, path.join(app.dir, 'public'))
    await expect(copy(['swaps'])).rejects.toThrow('public is a symbolic link')
    expect(readdirSync(outside)).toEqual([])
  })

  it("refuses a plugin's folder that is a symbolic link", async () => {
    mkdirSync(path.join(app.dir, 'public'))
    symlinkSync(outside, path.join(app.dir, 'public', 'swaps'))
    await expect(copy(['swaps'])).rejects.toThrow('swaps in the target is a symbolic link')
    expect(readdirSync(outside)).toEqual([])
  })

  it('refuses a file or sub-folder that is a symbolic link, before writing anything', async () => {
    mkdirSync(path.join(app.dir, 'public', 'swaps'), { recursive: true })
    symlinkSync(path.join(outside, 'entry.js'), path.join(app.dir, 'public', 'swaps', 'remoteEntry.js'))
    symlinkSync(outside, path.join(app.dir, 'public', 'swaps', 'chunks'))
    await expect(copy(['swaps'])).rejects.toThrow(/in the target is a symbolic link/)
    expect(readdirSync(outside)).toEqual([])
    expect(readdirSync(path.join(app.dir, 'public', 'swaps')).sort()).toEqual(['chunks', 'remoteEntry.js'])
  })

  it("writes no plugin when another plugin's target is refused", async () => {
    app.install('@portico/plugin-send', 'send')
    mkdirSync(path.join(app.dir, 'public'))
    symlinkSync(outside, path.join(app.dir, 'public', 'send'))
    await expect(copy(['swaps', 'send'])).rejects.toThrow('send in the target is a symbolic link')
    expect(readdirSync(path.join(app.dir, 'public'))).toEqual(['send'])
    expect(readdirSync(outside)).toEqual([])
  })

  it('replaces a hard-linked file instead of writing through the link', async () => {
    const victim = path.join(outside, 'victim.js')
    writeFileSync(victim, 'keep me')
    mkdirSync(path.join(app.dir, 'public', 'swaps'), { recursive: true })
    linkSync(victim, path.join(app.dir, 'public', 'swaps', 'remoteEntry.js'))
    await copy(['swaps'])
    expect(readFileSync(victim, 'utf8')).toBe('keep me')
    expect(readFileSync(path.join(app.dir, 'public', 'swaps', 'remoteEntry.js'), 'utf8')).toBe(
      '/* swaps entry */',
    )
  })

  it('refuses a package whose remote holds a symbolic link', async () => {
    const remote = path.join(app.dir, 'node_modules', '@portico/plugin-swaps', 'remote')
    symlinkSync('/etc/passwd', path.join(remote, 'passwd.js'))
    await expect(copy(['swaps'])).rejects.toThrow('passwd.js is not a regular file')
    expect(existsSync(path.join(app.dir, 'public'))).toBe(false)
  })

  it('refuses a package whose remote is another plugin', async () => {
    app.install('@portico/plugin-send', 'send', 'swaps')
    await expect(copy(['send'])).rejects.toThrow(`@portico/plugin-send's remote declares plugin id "swaps"`)
  })

  it('writes into an absolute target the app names, and only there', async () => {
    const target = path.join(outside, 'static')
    await copy(['swaps'], target)
    expect(readdirSync(outside)).toEqual(['static'])
    expect(readdirSync(path.join(target, 'swaps')).sort()).toEqual([
      'chunks',
      'mf-manifest.json',
      'remoteEntry.js',
    ])
  })
})
