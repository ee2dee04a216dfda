import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their sources (package.json "source" condition), not their dist.
// (vitest's defaults are ['node', 'development|production'] for every environment).
const SOURCE_FIRST = ['source', 'node', 'development|production']
const sourceFirst = { resolve: { conditions: SOURCE_FIRST }, ssr: { resolve: { conditions: SOURCE_FIRST } } }

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceFirst,
        test: {
          name: 'ui',
          environment: 'jsdom',
          setupFiles: ['./vitest.setup.ui.ts'],
          // Above the testing library's 10 s wait (vitest.setup.ui.ts), so a slow wait reports what it
          // waited for rather than a bare test timeout.
          testTimeout: 15_000,
          include: [
            'shared-types/src/**/*.test.{ts,tsx}',
            'kernel/src/**/*.test.{ts,tsx}',
            'plugins/*/src/**/*.test.{ts,tsx}',
            'hosts/*/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        ...sourceFirst,
        test: {
          name: 'services',
          environment: 'node',
          include: [
            'services/*/src/**/*.test.ts',
            'services/*/test/**/*.test.ts',
            'scripts/lib/**/*.test.ts',
            'e2e/consumers/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
