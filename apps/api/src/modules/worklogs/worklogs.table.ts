import { type SQL, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { decimal, idColumn, instant, timestamps } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * Work logs (spec: worklogs_projects, worklogs_categories, worklogs). Keyed by (user_id, id) and
 * joined through user_id, so an entry can only name its own user's project and category.
 */

export const worklogProjects = pgTable(
  'worklogs_projects',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    client: text('client'),
    /** Columns, file name and presets of the CSV export; completed with defaults when read. */
    csvExportConfig: jsonb('csv_export_config'),
    endedAt: instant('ended_at'),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);

export const worklogCategories = pgTable(
  'worklogs_categories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    breaksMultiplier: decimal('breaks_multiplier').notNull().default('1'),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    check('worklogs_categories_multiplier_min', sql`${table.breaksMultiplier} >= 1`),
  ],
);

export const worklogs = pgTable(
  'worklogs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    projectId: uuid('project_id').notNull(),
    categoryId: uuid('category_id'),
    /**
     * The linked task. No foreign key: a purged task leaves the entry with the name and address it
     * was logged under, which is what a timesheet must keep.
     */
    taskId: uuid('task_id'),
    taskName: text('task_name').notNull().default(''),
    taskUrl: text('task_url'),
    pullRequestUrl: text('pull_request_url'),
    description: text('description').notNull().default(''),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    /** Minutes after midnight (0-1439); HH:mm on the wire. */
    startMinute: integer('start_minute'),
    endMinute: integer('end_minute'),
    crossesMidnight: boolean('crosses_midnight').notNull().default(false),
    /** Minutes. */
    duration: integer('duration').notNull(),
    breaksMultiplier: decimal('breaks_multiplier').notNull().default('1'),
    /** Exact: numeric × integer in the database, never a float. */
    durationWithBreaks: decimal('duration_with_breaks').generatedAlwaysAs(
      (): SQL => sql`(${worklogs.duration} * ${worklogs.breaksMultiplier})::numeric(20, 6)`,
    ),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    // A project or category with entries is not deleted (the service says so, or clears the category).
    foreignKey({
      name: 'worklogs_project_fkey',
      columns: [table.userId, table.projectId],
      foreignColumns: [worklogProjects.userId, worklogProjects.id],
    }),
    foreignKey({
      name: 'worklogs_category_fkey',
      columns: [table.userId, table.categoryId],
      foreignColumns: [worklogCategories.userId, worklogCategories.id],
    }),
    check('worklogs_duration_positive', sql`${table.duration} > 0`),
    check('worklogs_multiplier_min', sql`${table.breaksMultiplier} >= 1`),
    check(
      'worklogs_minutes_range',
      sql`(${table.startMinute} is null or ${table.startMinute} between 0 and 1439) and (${table.endMinute} is null or ${table.endMinute} between 0 and 1439)`,
    ),
    index('worklogs_user_date_idx').on(table.userId, table.workDate, table.id),
    // A project's entries in a range, in the export's order (by day, entries without a start time
    // first): an export's batch reads its next rows straight off the index and stops, rather than
    // sorting what is left of the range.
    index('worklogs_user_project_order_idx').on(
      table.userId,
      table.projectId,
      table.workDate,
      sql`coalesce(${table.startMinute}, -1)`,
      table.id,
    ),
    index('worklogs_user_category_idx').on(table.userId, table.categoryId),
    index('worklogs_user_task_idx').on(table.userId, table.taskId).where(sql`${table.taskId} is not null`),
  ],
);

/** The running timer: at most one per user, by its key; in the database so every device and restart sees it. */
export const worklogTimers = pgTable(
  'worklogs_timers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').notNull(),
    categoryId: uuid('category_id'),
    taskId: uuid('task_id'),
    description: text('description').notNull().default(''),
    startedAt: instant('started_at').notNull(),
  },
  (table) => [
    foreignKey({
      name: 'worklogs_timers_project_fkey',
      columns: [table.userId, table.projectId],
      foreignColumns: [worklogProjects.userId, worklogProjects.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'worklogs_timers_category_fkey',
      columns: [table.userId, table.categoryId],
      foreignColumns: [worklogCategories.userId, worklogCategories.id],
    }),
  ],
);
