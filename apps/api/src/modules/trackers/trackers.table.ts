import { sql } from 'drizzle-orm';
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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { decimal, idColumn, instant, timestamps } from '../../db/columns';
import { currencies } from '../currencies/currencies.table';
import { users } from '../users/users.table';

/**
 * Value trackers (spec: tracker_groups, trackers, tracker_logs, tracker_dashboard). Keyed by
 * (user_id, id) and joined through user_id, so a tracker can only name its own user's group, sources
 * and logs, whatever a query forgets.
 */

export const trackerGroups = pgTable(
  'tracker_groups',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color'),
    priority: integer('priority').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    check('tracker_groups_priority_min', sql`${table.priority} >= 0`),
  ],
);

export const trackers = pgTable(
  'trackers',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    valueFormat: text('value_format', { enum: ['currency', 'percentage', 'number'] })
      .notNull()
      .default('number'),
    currencyId: uuid('currency_id').references(() => currencies.id),
    unit: text('unit'),
    note: text('note'),
    lowerBoundary: decimal('lower_boundary'),
    upperBoundary: decimal('upper_boundary'),
    /** Deleting a group moves its trackers out of it first (the service), so no cascade here. */
    groupId: uuid('group_id'),
    priority: integer('priority').notNull().default(0),
    origin: text('origin'),
    isSystem: boolean('is_system').notNull().default(false),
    /** What a system tracker follows, and for a per-account one the account's id. */
    systemSource: text('system_source'),
    systemSourceKey: text('system_source_key'),
    /**
     * A fingerprint of the data a system tracker's values were last computed from (row counts and
     * latest changes); when the data's differs, the values are computed again.
     */
    systemSourceVersion: text('system_source_version'),
    isCalculated: boolean('is_calculated').notNull().default(false),
    calculationFormula: text('calculation_formula'),
    lastRecalculationDate: date('last_recalculation_date', { mode: 'string' }),
    dailyRecalculationCount: integer('daily_recalculation_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      name: 'trackers_group_fkey',
      columns: [table.userId, table.groupId],
      foreignColumns: [trackerGroups.userId, trackerGroups.id],
    }),
    check(
      'trackers_currency_format',
      sql`(${table.valueFormat} = 'currency') = (${table.currencyId} is not null)`,
    ),
    check(
      'trackers_boundaries_order',
      sql`${table.lowerBoundary} is null or ${table.upperBoundary} is null or ${table.lowerBoundary} <= ${table.upperBoundary}`,
    ),
    check('trackers_system_source', sql`${table.isSystem} = (${table.systemSource} is not null)`),
    // One system tracker per user and source (and account, for per-account ones).
    uniqueIndex('trackers_system_source_idx')
      .on(table.userId, table.systemSource, sql`coalesce(${table.systemSourceKey}, '')`)
      .where(sql`${table.systemSource} is not null`),
    index('trackers_user_group_idx').on(table.userId, table.groupId),
  ],
);

/**
 * The trackers a calculated tracker's formula reads, in the user's order. A source is not deleted
 * while a formula uses it (the service refuses, naming the trackers that do).
 */
export const trackerSources = pgTable(
  'tracker_sources',
  {
    userId: uuid('user_id').notNull(),
    trackerId: uuid('tracker_id').notNull(),
    sourceTrackerId: uuid('source_tracker_id').notNull(),
    position: integer('position').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.trackerId, table.sourceTrackerId] }),
    foreignKey({
      name: 'tracker_sources_tracker_fkey',
      columns: [table.userId, table.trackerId],
      foreignColumns: [trackers.userId, trackers.id],
    }).onDelete('cascade'),
    // Cascades only so that deleting a user, which takes all their trackers at once, can go through:
    // the service refuses to delete a tracker a formula reads, inside a transaction that locks it.
    foreignKey({
      name: 'tracker_sources_source_fkey',
      columns: [table.userId, table.sourceTrackerId],
      foreignColumns: [trackers.userId, trackers.id],
    }).onDelete('cascade'),
    // "Which calculated trackers read this one?" when a source's log changes.
    index('tracker_sources_source_idx').on(table.userId, table.sourceTrackerId),
  ],
);

export const trackerLogs = pgTable(
  'tracker_logs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    trackerId: uuid('tracker_id').notNull(),
    value: decimal('value').notNull(),
    note: text('note'),
    logDate: instant('log_date').notNull(),
    /**
     * The calendar day a calculated or system value stands for (one row per tracker and day, replaced
     * when recomputed); null for a value logged by hand.
     */
    calculatedDay: date('calculated_day', { mode: 'string' }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    foreignKey({
      name: 'tracker_logs_tracker_fkey',
      columns: [table.userId, table.trackerId],
      foreignColumns: [trackers.userId, trackers.id],
    }).onDelete('cascade'),
    // Charts, sparklines and a tracker's log list: covering, so per-day sums read the index alone.
    index('tracker_logs_tracker_date_idx').on(
      table.userId,
      table.trackerId,
      table.logDate,
      table.id,
      table.value,
    ),
    // The log list across all trackers, newest first.
    index('tracker_logs_user_date_idx').on(table.userId, table.logDate, table.id),
    uniqueIndex('tracker_logs_calculated_day_idx')
      .on(table.userId, table.trackerId, table.calculatedDay)
      .where(sql`${table.calculatedDay} is not null`),
  ],
);

/** One chart of the dashboard: its grid cell ("x,y"), size ("width,height") and what it shows. */
export const trackerDashboard = pgTable(
  'tracker_dashboard',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    name: text('name').notNull(),
    chartType: text('chart_type', { enum: ['bar', 'timeSeries', 'scatter'] }).notNull(),
    position: text('position').notNull(),
    size: text('size').notNull(),
    /** { trackerIds, timeRange, aggregation, colorScheme }; a deleted tracker is dropped from it. */
    config: jsonb('config').notNull(),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.id] })],
);
