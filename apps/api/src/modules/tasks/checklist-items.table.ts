import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant, timestamps } from '../../db/columns';
import { users } from '../users/users.table';
import { tasks } from './tasks.table';

export const checklistItems = pgTable(
  'checklist_items',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    taskId: uuid('task_id').notNull(),
    title: text('title').notNull(),
    priority: integer('priority').notNull().default(0),
    isOptional: boolean('is_optional').notNull().default(false),
    completedAt: instant('completed_at'),
    archivedAt: instant('archived_at'),
    deletedAt: instant('deleted_at'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      name: 'checklist_items_task_fkey',
      columns: [table.userId, table.taskId],
      foreignColumns: [tasks.userId, tasks.id],
    }).onDelete('cascade'),
    index('checklist_items_user_task_idx').on(table.userId, table.taskId, table.priority),
    // The progress of a page of tasks: only the items it counts, read from the index alone, so a
    // page's few dozen lookups cost less than a scan of every user's items.
    index('checklist_items_progress_idx')
      .on(table.userId, table.taskId, table.completedAt)
      .where(sql`not ${table.isOptional} and ${table.deletedAt} is null and ${table.archivedAt} is null`),
  ],
);
