import { timestamp, uuid } from 'drizzle-orm/pg-core';
import { newId } from './ids';

/** Column helpers every table shares, so ids and timestamps look the same everywhere. */
export const idColumn = () =>
  uuid('id')
    .notNull()
    .$defaultFn(() => newId());

export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const timestamps = () => ({
  createdAt: instant('created_at').notNull().defaultNow(),
  updatedAt: instant('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});
