// A plugin package's bundled-mode build (run by its `build` script, in its folder): src/package.ts as
// ESM in dist/ (React and @portico/shared-types left to the app, everything else the plugin uses
// inlined, as its remote inlines it) and dist/index.d.ts. The remote in remote/ comes from
// `npm run build` (build/packageRemoteCopy.ts).
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const packageDir = process.cwd()
const pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'))
const exportName = pkg.portico?.exportName
if (typeof exportName !== 'string') throw new Error(`${pkg.name}: package.json has no portico.exportName`)

const dist = path.join(packageDir, 'dist')
rmSync(dist, { recursive: true, force: true })
await build({
  entryPoints: { index: path.join(packageDir, 'src/package.ts') },
  outdir: dist,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  chunkNames: 'chunks/[name]-[hash]',
  conditions: ['source'],
  external: [
    'react',
    'react-dom',
    'react/*',
    'react-dom/*',
    '@portico/shared-types',
    '@portico/shared-types/*',
  ],
  minifySyntax: true,
  legalComments: 'none',
  logLevel: 'warning',
})

// The package's public type is the plugin contract itself: an app passes the object to the kernel and
// never reaches into the plugin's own modules.
writeFileSync(
  path.join(dist, 'index.d.ts'),
  [
    "import type { PluginDefinition } from '@portico/shared-types/plugin'",
    '',
    `/** The ${pkg.portico.id} plugin, for bundled mode: \`plugins: { ${exportName} }\` in the kernel's options. */`,
    `export declare const ${exportName}: PluginDefinition`,
    `export default ${exportName}`,
    '',
  ].join('\n'),
)
