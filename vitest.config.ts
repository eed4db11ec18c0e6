import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/api/src/**/*.test.ts', 'packages/contract/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'planner',
          environment: 'node',
          include: ['packages/planner/src/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
