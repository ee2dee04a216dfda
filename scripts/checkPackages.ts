// npm run check:packages: packs every publishable workspace package (those not private) as `npm publish`
// would and checks each tarball: every file its package.json names is in it and no source or test is
// (scripts/lib/packedFiles.ts), publint in strict mode (a warning fails), and @arethetypeswrong/cli with
// the ESM-only profile (the packages ship ESM only). Exits 1 on any problem. Needs `npm run build:packages`
// and `npm run build` first: a plugin package ships the remote the build copies into its remote/.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { publint } from 'publint'
import { formatMessage } from 'publint/utils'
import { copyProblems, importProblems, packedApp } from './lib/packedApp.ts'
import { type PackedManifest, packedFileProblems } from './lib/packedFiles.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const ATTW = path.join(ROOT, 'node_modules', '.bin', 'attw')

interface Workspace {
  name: string
  private?: boolean
  location: string
}

interface PackResult {
  filename: string
  size: number
  unpackedSize: number
  files: { path: string }[]
}

const npm = (args: string[]) =>
  execFileSync('npm', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 })

const publishable = (JSON.parse(npm(['query', '.workspace'])) as Workspace[]).filter((ws) => !ws.private)
// Inside the repository (.tmp is ignored), so the packed app resolves React from its node_modules.
mkdirSync(path.join(ROOT, '.tmp'), { recursive: true })
const destination = mkdtempSync(path.join(ROOT, '.tmp', 'packs-'))
const problems: string[] = []
const rows: string[] = []
/** Tarball path by package name, for the packed app below. */
const tarballs = new Map<string, string>()

try {
  for (const workspace of publishable) {
    const [packed] = JSON.parse(
      npm(['pack', '--json', '--silent', '--pack-destination', destination, '-w', workspace.name]),
    ) as PackResult[]
    if (!packed) throw new Error(`npm pack -w ${workspace.name} reported no tarball`)
    const tarball = path.join(destination, packed.filename)
    tarballs.set(workspace.name, tarball)
    const pkg = JSON.parse(
      readFileSync(path.join(ROOT, workspace.location, 'package.json'), 'utf8'),
    ) as PackedManifest
    const own = packedFileProblems(
      pkg,
      packed.files.map((file) => file.path),
    )

    const bytes = readFileSync(tarball)
    const linted = await publint({
      pack: { tarball: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) },
      strict: true,
    })
    const lint = linted.messages.map(
      (message) =>
        `${workspace.name}: publint ${message.type}: ${formatMessage(message, linted.pkg, { color: false })}`,
    )

    const attw = spawnSync(
      ATTW,
      [tarball, '--profile', 'esm-only', '--format', 'ascii', '--no-color', '--no-emoji'],
      {
        encoding: 'utf8',
      },
    )
    const types = attw.status === 0 ? [] : [`${workspace.name}: attw:\n${attw.stdout}${attw.stderr}`]

    problems.push(...own, ...lint, ...types)
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`
    rows.push(
      `${workspace.name.padEnd(32)} ${kb(packed.size).padStart(9)} packed ${kb(packed.unpackedSize).padStart(9)} unpacked ` +
        `${String(packed.files.length).padStart(3)} files  files ${own.length ? 'FAIL' : 'ok'}  publint ${lint.length ? 'FAIL' : 'ok'}  attw ${types.length ? 'FAIL' : 'ok'}`,
    )
  }
  const plugins = [...tarballs.keys()].filter((name) => name.startsWith('@portico/plugin-'))
  const app = packedApp(path.join(destination, 'app'), plugins)
  for (const name of [...plugins, '@portico/shared-types']) app.install(name, tarballs.get(name) ?? '')
  const cli = app.install('@portico/plugins-cli', tarballs.get('@portico/plugins-cli') ?? '')
  const imported = importProblems(app, plugins)
  const copied = copyProblems(app, cli, plugins)
  problems.push(...imported, ...copied)
  rows.push(
    `\npacked plugins imported as ESM: ${imported.length ? 'FAIL' : 'ok'}`,
    `portico-plugins copy (packed CLI and plugins): ${copied.length ? 'FAIL' : 'ok'}`,
  )
} finally {
  rmSync(destination, { recursive: true, force: true })
}

console.log(rows.join('\n'))
if (problems.length > 0) {
  console.error(`\n${problems.join('\n')}`)
  if (problems.some((problem) => problem.includes('not in the tarball')))
    console.error('\nA built file is missing: run `npm run build:packages && npm run build` first.')
  process.exit(1)
}
console.log(
  `\n${publishable.length} packages: files, publint and attw clean; the packed CLI copies every remote.`,
)
