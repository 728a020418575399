import { eq, sql } from 'drizzle-orm';
import { hasChanges } from '../../db/changes';
import type { Db } from '../../db/client';
import { preparedQuery } from '../../lib/prepared-query';
import { users } from './users.table';

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

export async function insertUser(db: Db, values: NewUserRow): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Read on every visit (GET /users/me) and by many services. */
const userByIdQuery = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .prepare('find_user_by_id'),
);

export async function findUserById(db: Db, userId: string): Promise<UserRow | undefined> {
  const [row] = await userByIdQuery(db).execute({ userId });
  return row;
}

/**
 * Sign-in accepts the username or the e-mail address, both case-insensitively. Usernames cannot
 * hold "@", so an identifier with one is an e-mail address and can only ever match one account.
 */
export async function findUserByLogin(db: Db, login: string): Promise<UserRow | undefined> {
  const normalized = login.toLowerCase();
  const column = normalized.includes('@') ? users.email : users.username;
  const [row] = await db.select().from(users).where(sql`lower(${column}) = ${normalized}`);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
  return row;
}

export async function updateUser(
  db: Db,
  userId: string,
  changes: Partial<
    Pick<
      NewUserRow,
      | 'username'
      | 'email'
      | 'currency'
      | 'timezone'
      | 'password'
      | 'verifiedAt'
      | 'plan'
      | 'isAdmin'
      | 'disabledAt'
    >
  >,
): Promise<UserRow | undefined> {
  if (!hasChanges(changes)) return findUserById(db, userId);
  const [row] = await db.update(users).set(changes).where(eq(users.id, userId)).returning();
  return row;
}

/** Every user-owned table cascades from users, so this removes all the user's data. */
export async function deleteUser(db: Db, userId: string): Promise<boolean> {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
