import { describe, expect, it } from 'vitest'
import { packedFileProblems, requiredFiles } from './packedFiles.ts'

const plugin = {
  name: '@portico/plugin-swaps',
  types: './dist/index.d.ts',
  exports: {
    '.': { source: './src/package.ts', types: './dist/index.d.ts', import: './dist/index.js' },
    './remote/*': './remote/*',
    './package.json': './package.json',
  },
  portico: { id: 'swaps' },
}

describe('packed files', () => {
  it("lists what a plugin's exports, types and remote need, never its source condition", () => {
    expect(requiredFiles(plugin)).toEqual([
      'dist/index.d.ts',
      'dist/index.js',
      'package.json',
      'remote/remoteEntry.js',
      'remote/mf-manifest.json',
    ])
  })

  it('includes a bin', () => {
    expect(requiredFiles({ name: 'cli', bin: { 'portico-plugins': './dist/bin.js' } })).toEqual([
      'dist/bin.js',
    ])
  })

  it('reports what is missing and what should not ship', () => {
    const files = [
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      'remote/remoteEntry.js',
      'src/index.ts',
      'dist/a.test.js',
    ]
    expect(packedFileProblems(plugin, files)).toEqual([
      '@portico/plugin-swaps: remote/mf-manifest.json is referenced by package.json but not in the tarball',
      '@portico/plugin-swaps: src/index.ts should not be published',
      '@portico/plugin-swaps: dist/a.test.js should not be published',
    ])
  })

  it('finds nothing wrong with a complete tarball', () => {
    const files = [
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      'remote/remoteEntry.js',
      'remote/mf-manifest.json',
    ]
    expect(packedFileProblems(plugin, files)).toEqual([])
  })
})
