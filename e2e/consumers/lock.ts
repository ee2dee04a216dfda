/**
 * Writes the consumer variants' lockfiles: `npx tsx e2e/consumers/lock.ts [app[:variant] …]` (all by
 * default). Each variant's package.json is derived as the specs derive it, resolved against the npm
 * registry next to the packed Portico packages, and its lockfile committed under `<app>/locks/` (the
 * default variant's as the template's package-lock.json).
 */
import { execFileSync } from 'node:child_process'
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { CONSUMERS_DIR, packPackages } from './consumerApps.ts'
import { DEFAULT_VARIANT_ID, selectVariants, variantLockPath, variantPackageJson } from './variants.ts'

packPackages({})
for (const variant of selectVariants(process.argv.slice(2))) {
  const template = path.join(import.meta.dirname, variant.app)
  // Beside the packs, so the package.json's file:../packs/… entries resolve as they will in the specs.
  const dir = path.join(CONSUMERS_DIR, `lock-${variant.app}-${variant.id}`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, 'package.json'), variantPackageJson(template, variant))
  execFileSync(
    'npm',
    ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
    { cwd: dir, stdio: 'inherit' },
  )
  const target =
    variant.id === DEFAULT_VARIANT_ID
      ? path.join(template, 'package-lock.json')
      : variantLockPath(template, variant)
  mkdirSync(path.dirname(target), { recursive: true })
  copyFileSync(path.join(dir, 'package-lock.json'), target)
  rmSync(dir, { recursive: true, force: true })
  console.log(`${variant.app} ${variant.id}: ${path.relative(process.cwd(), target)}`)
}
