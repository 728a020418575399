import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.table';

/** Kanban columns; each user has exactly one default column and at most one completion column. */
export const columns = pgTable(
  'columns',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    priority: integer('priority').notNull().default(0),
    isCompletion: boolean('is_completion').notNull().default(false),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    uniqueIndex('columns_one_default_per_user').on(table.userId).where(sql`${table.isDefault}`),
    uniqueIndex('columns_one_completion_per_user').on(table.userId).where(sql`${table.isCompletion}`),
  ],
);
