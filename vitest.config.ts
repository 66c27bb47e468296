import { defineConfig } from 'vitest/config';

// Tests run against the built server (npm test builds first), so no Remix plugin here.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'server/**/*.test.ts', 'app/**/*.test.ts'],
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Server and browser tests start processes; two cores do not gain from more workers.
    maxWorkers: 2,
    minWorkers: 1,
  },
});
