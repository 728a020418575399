import { test as base, expect } from '@playwright/test';

/**
 * The tests' `test`: fails any test whose page threw an uncaught error, and attaches the browser
 * console to failed tests.
 */
export const test = base.extend<{ pageErrors: Error[] }>({
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
