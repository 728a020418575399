import { integer, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, instant, timestamps } from '../../db/columns';

/** Shared reference data (ISO 4217), not owned by any user, so it has a plain key. */
export const currencies = pgTable('currencies', {
  id: idColumn().primaryKey(),
  name: text('name').notNull(),
  code: text('code').notNull().unique('currencies_code_key'),
  numericCode: text('numeric_code').notNull(),
  symbol: text('symbol').notNull(),
  minorUnits: integer('minor_units').notNull(),
  rate: numeric('rate', { precision: 20, scale: 6 }).notNull().default('1'),
  rateUpdatedAt: instant('rate_updated_at'),
  ...timestamps(),
});
