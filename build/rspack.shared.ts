import path from 'node:path'
import type { Configuration, RuleSetRule } from '@rspack/core'

export const ROOT = path.resolve(import.meta.dirname, '..')
export const DIST = path.join(ROOT, 'dist')
export const isProduction = process.env.NODE_ENV !== 'development'

/** TypeScript + JSX through swc, targeting es2022 (no down-level helpers: smaller chunks). */
export const tsRule: RuleSetRule = {
  test: /\.tsx?$/,
  exclude: /node_modules/,
  loader: 'builtin:swc-loader',
  options: {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic', development: !isProduction } },
    },
  },
  type: 'javascript/auto',
}

export function baseConfig(name: string): Configuration {
  return {
    name,
    mode: isProduction ? 'production' : 'development',
    devtool: isProduction ? false : 'source-map',
    target: ['web', 'es2022'],
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.mjs'],
      extensionAlias: { '.js': ['.ts', '.js'] },
      // Workspace packages (@portico/kernel, @portico/shared-types) build from their sources; installed
      // copies resolve to their built dist through the usual conditions.
      conditionNames: ['source', '...'],
    },
    module: { rules: [tsRule] },
    performance: { hints: false },
    stats: (process.env.PORTICO_STATS as 'normal' | undefined) ?? 'errors-warnings',
  }
}
