import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'recurrence', include: ['src/**/*.test.ts'] },
});
