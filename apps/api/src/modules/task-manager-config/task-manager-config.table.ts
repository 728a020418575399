import { boolean, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from '../../db/columns';
import { users } from '../users/users.table';

export const defaultViewEnum = pgEnum('default_view', ['kanban', 'classic-list', 'importance-grid']);

/** One row per user; the user id is the whole key, which still distributes by user. */
export const taskManagerConfigs = pgTable('task_manager_config', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  isBatchEnabled: boolean('is_batch_enabled').notNull().default(false),
  dailyLimit: integer('daily_limit').notNull().default(0),
  defaultView: defaultViewEnum('default_view'),
  isPeriodicalKanbanEnabled: boolean('is_periodical_kanban_enabled').notNull().default(true),
  workDayStart: text('work_day_start'),
  workDayEnd: text('work_day_end'),
  allowPastOccurrences: boolean('allow_past_occurrences').notNull().default(true),
  updateRecurrenceOnDueDateChange: boolean('update_recurrence_on_due_date_change').notNull().default(false),
  ...timestamps(),
});
