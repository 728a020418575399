import { sql } from 'drizzle-orm';
import { boolean, foreignKey, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, instant, timestamps } from '../../db/columns';
import { currencies } from '../currencies/currencies.table';

export const planEnum = pgEnum('plan', ['free', 'premium']);

export const users = pgTable(
  'users',
  {
    id: idColumn().primaryKey(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    password: text('password').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    plan: planEnum('plan').notNull().default('free'),
    currency: text('currency').notNull().default('USD'),
    timezone: text('timezone').notNull().default('UTC'),
    verifiedAt: instant('verified_at'),
    /** Set by an administrator: the account cannot sign in and its sessions are revoked. */
    disabledAt: instant('disabled_at'),
    ...timestamps(),
  },
  (table) => [
    // Case-insensitive uniqueness: "Ann" and "ann" are the same person signing in.
    uniqueIndex('users_username_lower_key').on(sql`lower(${table.username})`),
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    foreignKey({ name: 'users_currency_fkey', columns: [table.currency], foreignColumns: [currencies.code] }),
  ],
);
