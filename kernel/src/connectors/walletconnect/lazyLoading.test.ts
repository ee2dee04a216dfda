import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

describe('lazy loading (docs/architecture.md, Loading on demand)', () => {
  const KERNEL = path.resolve(import.meta.dirname, '../..')
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name)
      return statSync(full).isDirectory() ? files(full) : /\.tsx?$/.test(name) ? [full] : []
    })

  const staticImports = (file: string) =>
    [...readFileSync(file, 'utf8').matchAll(/^import\s+(?!type\b)[^;]*?from\s+'([^']+)'/gms)].map(
      (m) => m[1] ?? '',
    )

  it('only provider.ts imports @walletconnect, and nothing imports provider.ts statically', () => {
    // The SDK's JSON codec (under 1 KB, no SDK code) is the format sdkStorage.ts shares with the SDK.
    const codec = (relative: string, spec: string) =>
      relative === path.join('connectors', 'walletconnect', 'sdkStorage.ts') &&
      spec === '@walletconnect/safe-json'
    const offenders = files(KERNEL).flatMap((file) => {
      const relative = path.relative(KERNEL, file)
      if (relative === path.join('connectors', 'walletconnect', 'provider.ts')) return []
      return staticImports(file)
        .filter((spec) => spec.startsWith('@walletconnect/') || spec.endsWith('walletconnect/provider.ts'))
        .filter((spec) => !codec(relative, spec))
        .map((spec) => `${relative} → ${spec}`)
    })
    expect(offenders).toEqual([])
  })

  it('the kernel reaches the connector and its view body only through import() (kind.ts is the eager part)', () => {
    const lazy = /walletconnect\/body\.ts$|ConnectingWalletConnectContent\.tsx$/
    const insideChunk = (relative: string) =>
      relative.startsWith(path.join('connectors', 'walletconnect')) ||
      relative.endsWith('ConnectingWalletConnectContent.tsx') ||
      /\.test\.tsx?$/.test(relative)
    const offenders = files(KERNEL).flatMap((file) => {
      const relative = path.relative(KERNEL, file)
      if (insideChunk(relative)) return []
      return staticImports(file)
        .filter((spec) => lazy.test(spec))
        .map((spec) => `${relative} → ${spec}`)
    })
    expect(offenders).toEqual([])
    const kind = readFileSync(path.join(import.meta.dirname, 'kind.ts'), 'utf8')
    expect(
      staticImports(path.join(import.meta.dirname, 'kind.ts')).filter((spec) => /\.\/body\.ts$/.test(spec)),
    ).toEqual([])
    expect(kind).toContain('import(/* webpackChunkName: "walletconnect-connector" */ \'./body.ts\')')
  })
})
