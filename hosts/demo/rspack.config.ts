import path from 'node:path'
import { rspack } from '@rspack/core'
import { baseConfig, DIST } from '../../build/rspack.shared.ts'

export default {
  ...baseConfig('demo'),
  context: import.meta.dirname,
  entry: { main: './src/main.ts' },
  output: {
    path: path.join(DIST, 'demo'),
    publicPath: '/',
    filename: '[name].[contenthash:8].js',
    clean: true,
  },
  plugins: [new rspack.HtmlRspackPlugin({ template: './index.html' })],
}
