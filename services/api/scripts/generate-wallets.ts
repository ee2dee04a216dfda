/**
 * Writes the dev wallet directory: test/fixtures/dev-directory/wallets.json and its SVG images. Deterministic
 * (fixed seed): running it again changes nothing unless the generator changed.
 *   npx tsx services/api/scripts/generate-wallets.ts [--check]
 * --check exits 1 when the files on disk differ from what the generator makes.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { DEFAULT_DATA_DIR } from '../src/directory/catalogue.ts'
import { generateCatalogue } from '../test/fixtures/dev-directory/generate.ts'

const check = process.argv.includes('--check')
const { wallets, files } = generateCatalogue()
files.set('wallets.json', `${JSON.stringify(wallets, null, 2)}\n`)

const stale: string[] = []
for (const [relative, content] of files) {
  const path = join(DEFAULT_DATA_DIR, relative)
  let current: string | undefined
  try {
    current = readFileSync(path, 'utf8')
  } catch {}
  const same = relative.endsWith('.json')
    ? current !== undefined && JSON.stringify(JSON.parse(current)) === JSON.stringify(JSON.parse(content))
    : current === content
  if (same) continue
  stale.push(relative)
  if (!check) {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, content)
  }
}
// Images of wallets that are no longer generated.
for (const dir of ['wallet-icons', 'public-images/asset', 'public-images/currency', 'public-images/token']) {
  let names: string[] = []
  try {
    names = readdirSync(join(DEFAULT_DATA_DIR, dir))
  } catch {}
  for (const name of names) {
    const relative = `${dir}/${name}`
    if (files.has(relative)) continue
    stale.push(relative)
    if (!check) rmSync(join(DEFAULT_DATA_DIR, relative))
  }
}
if (check) {
  if (stale.length > 0) {
    console.error(
      `wallet catalogue out of date (${stale.length} files), e.g. ${stale.slice(0, 5).join(', ')}`,
    )
    process.exit(1)
  }
  console.log(`wallet catalogue up to date: ${wallets.length} wallets, ${files.size - 1} images`)
} else {
  console.log(
    `wrote ${stale.length} files: ${wallets.length} wallets, ${files.size - 1} images in ${DEFAULT_DATA_DIR}`,
  )
}
