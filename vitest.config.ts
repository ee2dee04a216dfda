import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: [
            'shared-types/src/**/*.test.{ts,tsx}',
            'kernel/src/**/*.test.{ts,tsx}',
            'plugins/*/src/**/*.test.{ts,tsx}',
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
