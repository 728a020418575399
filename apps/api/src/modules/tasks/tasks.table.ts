import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
    /**
     * False for a whole-day due: due_date then holds the start of that day in the time zone it was chosen
     * in, so the smart views' day bounds place it on that day. Rows from before the distinction keep
     * their instant and count as timed.
     */
    dueDateHasTime: boolean('due_date_has_time').notNull().default(true),
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
    /** When to send a push reminder besides the due time; it fires even outside work-day hours. */
    remindAt: instant('remind_at'),
    /** Skipped in the random draw (swiss-random): left out of draws for an hour from then. */
    drawSkippedAt: instant('draw_skipped_at'),
    completedAt: instant('completed_at'),
    deletedAt: instant('deleted_at'),
    archivedAt: instant('archived_at'),
    ...timestamps(),
  },
  (table) => {
    const liveOrder = (name: string, order: SQL | AnyPgColumn) =>
      index(`tasks_live_${name}_order_idx`)
        .on(table.userId, order, table.id)
        .where(sql`${table.deletedAt} is null and ${table.archivedAt} is null`);
    return [
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
      // A column's manual order and its siblings' (below): placing a task reads the two either side of
      // its place from these, walking the order from a neighbour instead of reading it whole.
      index('tasks_user_column_priority_id_idx').on(table.userId, table.columnId, table.priority, table.id),
      // A completion column showing what was done since an instant (the periodical board) reads its open
      // tasks in order from the first and its recent completions from the second, never the years of
      // earlier ones: see ListingText.page.
      index('tasks_live_open_column_order_idx')
        .on(table.userId, table.columnId, table.priority, table.id)
        .where(
          sql`${table.deletedAt} is null and ${table.archivedAt} is null and ${table.completedAt} is null`,
        ),
      index('tasks_live_column_completed_idx')
        .on(table.userId, table.columnId, table.completedAt)
        .where(sql`${table.deletedAt} is null and ${table.archivedAt} is null`),
      // The default listing order (manual order, then id), so a first page reads no more rows than it shows.
      index('tasks_user_priority_id_idx').on(table.userId, table.priority, table.id),
      index('tasks_user_parent_priority_id_idx').on(table.userId, table.parentId, table.priority, table.id),
      index('tasks_user_list_idx').on(table.userId, table.listId),
      index('tasks_user_due_idx').on(table.userId, table.dueDate),
      // One index per listing sort, matching the sort expressions in task-query.ts, so a page (first or
      // next) walks its rows in order instead of sorting the user's whole set. Partial on the WHERE that
      // the listings share: live tasks, or the archive, or the trash.
      liveOrder('due', sql`coalesce(${table.dueDate}, 'infinity'::timestamptz)`),
      liveOrder('created', table.createdAt),
      liveOrder('title', sql`lower(${table.title})`),
      liveOrder('urgency', table.urgency),
      liveOrder('importance', table.importance),
      liveOrder('completed', sql`coalesce(${table.completedAt}, '-infinity'::timestamptz)`),
      // The reminder sweep reads every user's open tasks whose due or reminder time just passed.
      index('tasks_open_due_sweep_idx')
        .on(table.dueDate)
        .where(
          sql`${table.completedAt} is null and ${table.deletedAt} is null and ${table.dueDate} is not null`,
        ),
      index('tasks_open_remind_sweep_idx')
        .on(table.remindAt)
        .where(
          sql`${table.completedAt} is null and ${table.deletedAt} is null and ${table.remindAt} is not null`,
        ),
      // The rewards screen: completed tasks with a reward, newest first.
      index('tasks_rewards_idx')
        .on(table.userId, table.completedAt, table.id)
        .where(
          sql`${table.reward} is not null and ${table.completedAt} is not null and ${table.deletedAt} is null`,
        ),
      index('tasks_archive_order_idx')
        .on(table.userId, sql`coalesce(${table.archivedAt}, '-infinity'::timestamptz)`, table.id)
        .where(sql`${table.deletedAt} is null and ${table.archivedAt} is not null`),
      index('tasks_trash_order_idx')
        .on(table.userId, sql`coalesce(${table.deletedAt}, '-infinity'::timestamptz)`, table.id)
        .where(sql`${table.deletedAt} is not null`),
    ];
  },
);

/**
 * The parts of the smart-view counts that do not depend on the clock, kept current by a trigger on
 * `tasks` (see the migration that adds this table). Each statement that changes tasks appends one row
 * of differences per user and completion state; reading sums the rows and folds them into one now and
 * then. Appending, not updating one row per user, means two writers never wait on each other or
 * deadlock here. Every column counts tasks not in the trash.
 */
export const taskViewCounts = pgTable(
  'task_view_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isCompleted: boolean('is_completed').notNull(),
    /** Not archived: the "tasks" view. */
    live: integer('live').notNull(),
    archived: integer('archived').notNull(),
    /** The rest count tasks that are not archived. */
    urgent: integer('urgent').notNull(),
    important: integer('important').notNull(),
    topPriority: integer('top_priority').notNull(),
    planned: integer('planned').notNull(),
    recurrent: integer('recurrent').notNull(),
    /** Added to Today by hand. */
    pinnedToday: integer('pinned_today').notNull(),
    /** Added to New by hand. */
    pinnedNew: integer('pinned_new').notNull(),
    /** With a due date and Today left to the due date. */
    datedTodayUnset: integer('dated_today_unset').notNull(),
  },
  (table) => [index('task_view_counts_user_idx').on(table.userId, table.isCompleted)],
);

/**
 * The counts that move with the clock (due today, overdue, tomorrow, new), kept like `taskViewCounts`
 * but per quarter hour of the due date (`due`) or of the creation (`created`, tasks whose place in New
 * is left to that date). Days start on a quarter hour in every time zone in use, so "due before today"
 * is a sum over buckets, and "due from today on" the dated tasks less those. Folding the rows sums the
 * due buckets that are before today in every zone into one at minus infinity, so that sum reads a few
 * rows however long the user's history or far ahead the dues; created buckets older than the New window
 * are dropped.
 */
export const taskTimeCounts = pgTable(
  'task_time_counts',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isCompleted: boolean('is_completed').notNull(),
    kind: text('kind', { enum: ['due', 'created'] }).notNull(),
    bucket: instant('bucket').notNull(),
    /** Tasks not archived (nor in the trash). */
    tasks: integer('tasks').notNull(),
    /** Of those, the ones whose place in Today is left to the due date. */
    todayUnset: integer('today_unset').notNull(),
  },
  (table) => [index('task_time_counts_user_idx').on(table.userId, table.kind, table.bucket)],
);
