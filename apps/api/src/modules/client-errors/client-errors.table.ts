import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, instant } from '../../db/columns';
import { users } from '../users/users.table';

/**
 * The summary of one error the web app reported through the instance's own DSN, kept for
 * administrators. Not scoped to a user: a report may come from a signed-out page.
 */
export const clientErrorReports = pgTable(
  'client_error_reports',
  {
    id: idColumn().primaryKey(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url'),
    release: text('release'),
    browser: text('browser'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A hash of the sender's address, for the per-address rate limit shared by every API process. */
    senderHash: text('sender_hash').notNull(),
  },
  (table) => [
    index('client_error_reports_received_at_idx').on(table.receivedAt),
    index('client_error_reports_sender_received_idx').on(table.senderHash, table.receivedAt),
  ],
);
