import path from 'node:path'
import { rspack } from '@rspack/core'
import { baseConfig, DIST } from '../../build/rspack.shared.ts'

/**
 * Two builds of the demo: the default one (dist/demo, what `npm start` serves) has no code that
 * reads the query string; the test one (dist/demo-test, served by the e2e stack and the bench) also
 * takes the e2e suite's query overrides (src/queryOverrides.ts), through an entry of its own.
 * Each page loads one module script: the app, its React and the kernel's loader, with no async boundary.
 */
function demoConfig(test: boolean) {
  const name = test ? 'demo-test' : 'demo'
  return {
    ...baseConfig(name),
    context: import.meta.dirname,
    entry: { main: test ? './src/testBuildMain.ts' : './src/main.ts' },
    // ES module output: the page loads one module script and its chunks with the browser's own import()
    // (resolved against the module's URL, so the build works under any path), which leaves the bundler's
    // script-tag loader and public-path detection out of the page's first script.
    experiments: { outputModule: true },
    output: {
      path: path.join(DIST, name),
      module: true,
      chunkFormat: 'module',
      chunkLoading: 'import',
      filename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [new rspack.HtmlRspackPlugin({ template: './index.html' })],
  }
}

export default demoConfig(false)
export const demoTest = demoConfig(true)
