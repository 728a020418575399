import { defineConfig } from 'vitest/config';

// Each scenario starts real API processes and databases and loads them hard: one file at a time, so
// scenarios don't slow each other into false failures, with minutes rather than seconds per test.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 15 * 60_000,
    hookTimeout: 5 * 60_000,
    reporters: ['default'],
  },
});
