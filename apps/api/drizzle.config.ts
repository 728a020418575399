import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './src/db/migrations',
  // New migrations are named by time, so two branches adding one at once do not both take the next number.
  // The journal, not the file names, sets the order the migrator applies them in.
  migrations: { prefix: 'timestamp' },
});
