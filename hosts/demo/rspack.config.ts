import path from 'node:path'
import { rspack } from '@rspack/core'
import { baseConfig, DIST } from '../../build/rspack.shared.ts'

/**
 * Two builds of the demo: the default one (dist/demo, what `npm start` serves) has no code that
 * reads the query string; the test one (dist/demo-test, served by the e2e stack and the bench) also
 * takes the e2e suite's query overrides (src/queryOverrides.ts), through an entry of its own.
 * Each page loads one script: the app, its React and the kernel's loader, with no async boundary.
 */
function demoConfig(test: boolean) {
  const name = test ? 'demo-test' : 'demo'
  return {
    ...baseConfig(name),
    context: import.meta.dirname,
    entry: { main: test ? './src/testBuildMain.ts' : './src/main.ts' },
    output: {
      path: path.join(DIST, name),
      publicPath: 'auto',
      filename: '[name].[contenthash:8].js',
      clean: true,
    },
    plugins: [new rspack.HtmlRspackPlugin({ template: './index.html' })],
  }
}

export default demoConfig(false)
export const demoTest = demoConfig(true)
