import { integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from '../../db/columns';
import { users } from '../users/users.table';

export const lists = pgTable(
  'lists',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    priority: integer('priority').notNull().default(0),
    color: text('color'),
    group: text('group'),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);
