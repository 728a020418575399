import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { idColumn, instant, timestamps } from '../../db/columns';
import { columns } from '../columns/columns.table';
import { lists } from '../lists/lists.table';
import { users } from '../users/users.table';

export const levelEnum = pgEnum('level', ['low', 'medium', 'high']);

export const tasks = pgTable(
  'tasks',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    title: text('title').notNull(),
    dueDate: instant('due_date'),
    /** Minutes. */
    estimatedTime: integer('estimated_time'),
    parentId: uuid('parent_id'),
    columnId: uuid('column_id').notNull(),
    listId: uuid('list_id'),
    urgency: levelEnum('urgency').notNull().default('medium'),
    importance: levelEnum('importance').notNull().default('medium'),
    /** Order within the task's column (and among siblings); lower comes first. */
    priority: integer('priority').notNull().default(0),
    isAdhoc: boolean('is_adhoc').notNull().default(false),
    note: text('note'),
    rrule: text('rrule'),
    quickurrence: jsonb('quickurrence'),
    recurrenceId: uuid('recurrence_id'),
    reward: text('reward'),
    /** Tri-state: null lets the due date decide (spec section 4). */
    addedToToday: boolean('added_to_today'),
    addedToNew: boolean('added_to_new'),
    rewardedAt: instant('rewarded_at'),
    completedAt: instant('completed_at'),
    deletedAt: instant('deleted_at'),
    archivedAt: instant('archived_at'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // Purging a task purges its subtree; the trash moves whole subtrees, so nothing is orphaned.
    foreignKey({
      name: 'tasks_parent_fkey',
      columns: [table.userId, table.parentId],
      foreignColumns: [table.userId, table.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'tasks_column_fkey',
      columns: [table.userId, table.columnId],
      foreignColumns: [columns.userId, columns.id],
    }),
    // The migration declares this one ON DELETE SET NULL ("list_id"): a deleted list leaves its
    // tasks in no list, and user_id stays. Drizzle cannot express the column list, so it is hand-written.
    foreignKey({
      name: 'tasks_list_fkey',
      columns: [table.userId, table.listId],
      foreignColumns: [lists.userId, lists.id],
    }),
    index('tasks_user_column_priority_idx').on(table.userId, table.columnId, table.priority),
    // The default listing order (manual order, then id), so a first page reads no more rows than it shows.
    index('tasks_user_priority_id_idx').on(table.userId, table.priority, table.id),
    index('tasks_user_parent_idx').on(table.userId, table.parentId),
    index('tasks_user_list_idx').on(table.userId, table.listId),
    index('tasks_user_due_idx').on(table.userId, table.dueDate),
  ],
);
