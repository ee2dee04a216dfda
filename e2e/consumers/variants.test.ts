import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CONSUMER_VARIANTS, variantFiles } from './variants.ts'

const TEMPLATES = import.meta.dirname

describe('the consumer apps’ lockfiles as installed', () => {
  it('pin every third-party package and none of Portico’s own packs (they are this build’s)', () => {
    const apps = readdirSync(TEMPLATES).filter((name) => name.endsWith('-app'))
    expect(apps.length).toBeGreaterThan(0)
    for (const app of apps) {
      const template = path.join(TEMPLATES, app)
      const committed = JSON.parse(readFileSync(path.join(template, 'package-lock.json'), 'utf8'))
      for (const variant of CONSUMER_VARIANTS.filter((candidate) => candidate.app === app)) {
        const { lockfile } = variantFiles(template, variant)
        const entries = Object.entries(
          (JSON.parse(lockfile) as { packages: Record<string, { resolved?: string; integrity?: string }> })
            .packages,
        )
        const packs = entries.filter(([, entry]) => entry.resolved?.startsWith('file:../packs/'))
        expect(packs.length, `${app} ${variant.id}`).toBeGreaterThan(0)
        expect(packs.filter(([, entry]) => entry.integrity)).toEqual([])
        // Third-party packages (the lockfiles name no registry URL: npm's omit-lockfile-registry-resolved)
        // keep their hashes.
        const thirdParty = entries.filter(
          ([key, entry]) => key.startsWith('node_modules/') && !entry.resolved?.startsWith('file:'),
        )
        expect(thirdParty.length).toBeGreaterThan(100)
        expect(thirdParty.filter(([, entry]) => !entry.integrity).map(([key]) => key)).toEqual([])
      }
      expect(Object.keys(committed.packages).length).toBeGreaterThan(0)
    }
  })
})
