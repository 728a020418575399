import { sql } from 'drizzle-orm';
import { check, date, integer, numeric, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Every rate a currency has had, one per day (units per 1 USD): conversions use the rate of a
 * transaction's own date, so a later rate never rewrites an old month's totals.
 */
export const currencyRates = pgTable(
  'currency_rates',
  {
    currencyId: uuid('currency_id')
      .notNull()
      .references(() => currencies.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    rate: numeric('rate', { precision: 20, scale: 6, mode: 'string' }).notNull(),
    source: text('source', { enum: ['ecb', 'admin'] }).notNull(),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.currencyId, table.date] }),
    check('currency_rates_rate_positive', sql`${table.rate} > 0`),
  ],
);
