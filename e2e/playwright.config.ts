import { defineConfig } from '@playwright/test';
import { paths } from './support/environment';
import type { HostOptions } from './support/test';

/**
 * Browser tests against the production build, served by the real API on fresh embedded databases.
 * Chromium comes from the system (Debian's package) rather than Playwright's download.
 */
export default defineConfig<object, HostOptions>({
  testDir: './tests',
  outputDir: paths.results,
  globalSetup: './global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  // The longest journeys take 25–35 s on a 2-core machine running two browsers and two servers at once.
  timeout: 60_000,
  // A first load under that load can take 8–10 s before the screen shows; a failing check just waits longer.
  expect: { timeout: 15_000 },
  // The list prints a summary line; `npm test` at the root also asks for a JSON report to add up totals.
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  projects: [
    { name: 'localhost', use: { serverHost: 'localhost' } },
    // The same build opened on another address: sign-in and sessions must work there too.
    {
      name: '127.0.0.1',
      testMatch: ['auth.spec.ts', 'session-refresh.spec.ts'],
      use: { serverHost: '127.0.0.1' },
    },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    // The app's service worker serves cached files, which page.route cannot see; the PWA specs allow it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
