import { defineConfig } from 'vitest/config';

// One runner for every workspace's unit and API tests; browser tests live in e2e/ with Playwright.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/api', 'apps/web'],
  },
});
