import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Files share a worker's page and module cache (one jsdom per worker, not per file); what a test
    // stubs is undone after it, so no file sees another's fakes.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    restoreMocks: true,
    env: {
      VITE_API_URL: 'http://api.test',
      VITE_ERROR_REPORTING_DSN: 'http://cairn@api.test/1',
    },
  },
});
