import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { DEFAULT_TLS_DIR } from '../scripts/lib/stackTls.ts'
import { ensureCertificates } from '../scripts/lib/tls.ts'
import base from './playwright.config.ts'
import { E2E_HTTPS_PORTS, HTTPS_TMP_DIR } from './stackInfo.ts'

/**
 * The "https" run: the stack behind nginx with TLS (one start for the run), the connect, email login,
 * send and WalletConnect specs unchanged against the https origins, and https/tls.spec.ts for what TLS
 * adds. `npm run e2e:https`.
 */

// Made (or reused) here because Chromium's flags are fixed before global setup runs; the stack reuses them.
const tls = ensureCertificates({ dir: DEFAULT_TLS_DIR })

export default defineConfig({
  ...base,
  testMatch: [
    'connect.spec.ts',
    'email-login.spec.ts',
    'send.spec.ts',
    'walletconnect.spec.ts',
    'siwx-walletconnect.spec.ts',
    'https/*.spec.ts',
  ],
  testIgnore: [],
  outputDir: path.join(HTTPS_TMP_DIR, 'test-results'),
  globalSetup: './global-setup-https.ts',
  use: {
    ...base.use,
    baseURL: `https://localhost:${E2E_HTTPS_PORTS.demo}/`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      // Chromium accepts the stack's certificate because its public key is this one, not because
      // certificate errors are ignored; any other certificate still fails.
      args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${tls.spkiHash}`],
    },
  },
})
