import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { E2E_PORTS, TMP_DIR } from './stackInfo.ts'

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // https/: the https run's own specs (playwright.https.config.ts), against nginx's TLS origins.
  testIgnore: ['https/**'],
  outputDir: path.join(TMP_DIR, 'test-results'),
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  // Each spec file uses its own dev account, so files can run side by side on one chain pair.
  fullyParallel: false,
  workers: Number(process.env.PORTICO_E2E_WORKERS ?? 2),
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  // Screenshots (visual.spec.ts) are kept by name alone: one set, shown in the README too. Rendering is
  // Chromium's software path on every machine; the tolerance covers anti-aliasing noise, not a changed word.
  snapshotPathTemplate: '{testDir}/screenshots/{arg}{ext}',
  expect: {
    timeout: 10_000,
    toHaveScreenshot: { maxDiffPixelRatio: 0.002, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  // failureReport: a failed test's page snapshot and console in the log, where CI keeps no trace.
  reporter: [['list'], ['./failureReport.ts']],
  use: {
    baseURL: `http://localhost:${E2E_PORTS.demo}/`,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
})
