import { test as base, expect } from '@playwright/test';
import { type ServerHost, type ServerName, serverUrl } from './environment';

export interface ServerOptions {
  /** Which test server a file runs against (`test.use({ server: 'strict' })`). */
  server: ServerName;
  /** The server's address as the browser opens it; `baseURL` follows it. */
  appUrl: string;
}

export interface HostOptions {
  /** The host name a project reaches the servers by (see the projects in playwright.config.ts). */
  serverHost: ServerHost;
}

/**
 * The tests' `test`: fails any test whose page threw an uncaught error, attaches the browser console to
 * failed tests, and points `baseURL` at the file's server under the project's host name.
 */
export const test = base.extend<{ pageErrors: Error[] } & ServerOptions, HostOptions>({
  serverHost: ['localhost', { option: true, scope: 'worker' }],
  server: ['main', { option: true }],
  appUrl: async ({ server, serverHost }, use) => {
    await use(serverUrl(server, serverHost));
  },
  baseURL: async ({ appUrl }, use) => {
    await use(appUrl);
  },
  pageErrors: [
    async ({ page }, use, testInfo) => {
      const errors: Error[] = [];
      const consoleLines: string[] = [];
      page.on('pageerror', (error) => errors.push(error));
      page.on('console', (message) => consoleLines.push(`[${message.type()}] ${message.text()}`));
      await use(errors);
      if (testInfo.status !== testInfo.expectedStatus && consoleLines.length > 0) {
        await testInfo.attach('browser-console', {
          body: consoleLines.join('\n'),
          contentType: 'text/plain',
        });
      }
      expect(
        errors.map((error) => error.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
