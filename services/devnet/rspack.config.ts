import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Configuration, rspack, type SwcLoaderOptions } from '@rspack/core'

const here = dirname(fileURLToPath(import.meta.url))

/** The dev wallet as one self-contained IIFE, injectable with a <script> or Playwright's addInitScript. */
const config: Configuration = {
  name: 'devnet-dev-wallet',
  context: here,
  mode: 'production',
  target: 'web',
  devtool: false,
  entry: { 'dev-wallet': resolve(here, 'src/wallet/browser.ts') },
  output: {
    path: resolve(here, 'dist'),
    filename: 'dev-wallet.js',
    iife: true,
    asyncChunks: false,
    clean: true,
  },
  resolve: { extensions: ['.ts', '.js'] },
  module: {
    rules: [
      {
        test: /\.ts$/,
        exclude: /node_modules/,
        loader: 'builtin:swc-loader',
        options: {
          jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
        } satisfies SwcLoaderOptions,
        type: 'javascript/auto',
      },
    ],
  },
  optimization: {
    minimize: true,
    // ASCII only: one non-Latin-1 character makes V8 keep the whole source (which an init script stays
    // in the page's heap as) as a two-byte string, twice its size.
    minimizer: [new rspack.SwcJsMinimizerRspackPlugin({ minimizerOptions: { format: { asciiOnly: true } } })],
    splitChunks: false,
    runtimeChunk: false,
  },
  performance: { hints: false },
}

export default config
