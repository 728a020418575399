import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from './ids';
import { parseTimestamptz } from './timestamptz';

/** Column helpers every table shares, so ids and timestamps look the same everywhere. */
export const idColumn = () =>
  uuid('id')
    .notNull()
    .$defaultFn(() => newId());

/** A timestamptz read and written as a Date, correct for every year from 1 to 9999. */
export const instant = (name: string) => {
  const builder = timestamp(name, { withTimezone: true, mode: 'date' });
  // Drizzle reads the driver's text with `new Date()`, which misreads the years 1 to 49; the column it
  // builds gets a strict reader instead. `build` is internal to Drizzle, hence the narrow cast.
  const internal = builder as unknown as {
    build(table: unknown): { mapFromDriverValue(value: unknown): unknown };
  };
  const build = internal.build.bind(builder);
  internal.build = (table) => {
    const column = build(table);
    const mapFromDriver = column.mapFromDriverValue.bind(column);
    column.mapFromDriverValue = (value) =>
      typeof value === 'string' ? parseTimestamptz(value) : mapFromDriver(value);
    return column;
  };
  return builder;
};

export const timestamps = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});

/**
 * Money and measured values: numeric(20,6), read and written as decimal strings so no digit passes
 * through a float (14 digits before the point, 6 after, as the contracts' decimalSchema allows).
 */
export const decimal = (name: string) => numeric(name, { precision: 20, scale: 6, mode: 'string' });
