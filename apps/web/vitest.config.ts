import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    env: {
      VITE_API_URL: 'http://api.test',
      VITE_ERROR_REPORTING_DSN: 'http://cairn@api.test/1',
    },
  },
});
