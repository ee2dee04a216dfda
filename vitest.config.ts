import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        // Workspace packages resolve to their sources (package.json "source" condition), not their dist.
        // (vitest's defaults are ['node', 'development|production'] for every environment).
        resolve: { conditions: ['source', 'node', 'development|production'] },
        ssr: { resolve: { conditions: ['source', 'node', 'development|production'] } },
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: [
            'shared-types/src/**/*.test.{ts,tsx}',
            'kernel/src/**/*.test.{ts,tsx}',
            'plugins/*/src/**/*.test.{ts,tsx}',
            'hosts/*/src/**/*.test.{ts,tsx}',
          ],
        },
      },
      {
        test: {
          name: 'services',
          environment: 'node',
          include: ['services/*/src/**/*.test.ts', 'services/*/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
