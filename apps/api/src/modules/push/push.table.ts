import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant, timestamps } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * One browser or device that accepted push for a user. An endpoint belongs to one browser profile, so it is
 * unique across users: subscribing it again (even as someone else on a shared browser) updates the row.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    id: idColumn(),
    endpoint: text('endpoint').notNull(),
    p256dhKey: text('p256dh_key').notNull(),
    authKey: text('auth_key').notNull(),
    /** False once the push service said the subscription is gone (404 or 410). */
    isActive: boolean('is_active').notNull().default(true),
    userAgent: text('user_agent'),
    lastSuccessAt: instant('last_success_at'),
    /** Failed sends in a row; back to 0 after a delivery. */
    failureCount: integer('failure_count').notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.id] }),
    uniqueIndex('push_subscriptions_endpoint_key').on(table.endpoint),
    index('push_subscriptions_user_active_idx').on(table.userId, table.isActive),
  ],
);
