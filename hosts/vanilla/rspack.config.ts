import path from 'node:path'
import { rspack } from '@rspack/core'
import { baseConfig, DIST } from '../../build/rspack.shared.ts'
import { STANDALONE_TRUSTED_TYPES_POLICY } from '../../shared-types/src/trustedTypes.ts'

/** The kernel's standalone build (window.Portico, React included) and a plain-HTML page using it. */
export default {
  ...baseConfig('vanilla'),
  context: import.meta.dirname,
  entry: { portico: '@portico/kernel/standalone' },
  output: {
    path: path.join(DIST, 'vanilla'),
    publicPath: 'auto',
    filename: '[name].js',
    chunkFilename: '[name].[contenthash:8].js',
    library: { name: 'Portico', type: 'window' },
    // Its chunks load through script elements: under Trusted Types, through this named policy.
    trustedTypes: { policyName: STANDALONE_TRUSTED_TYPES_POLICY, onPolicyCreationFailure: 'continue' },
    clean: true,
  },
  plugins: [
    new rspack.HtmlRspackPlugin({ template: './index.html', inject: 'head', scriptLoading: 'defer' }),
    // The same page under a strict style-src CSP (the kernel's nonce option).
    new rspack.HtmlRspackPlugin({
      template: './csp.html',
      filename: 'csp.html',
      inject: 'head',
      scriptLoading: 'defer',
    }),
  ],
}
