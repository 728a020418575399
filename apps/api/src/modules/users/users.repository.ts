import { and, count, desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
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

/**
 * Whether the account about to be created is the instance's first. Run inside the sign-up's
 * transaction: once the table looks empty, a lock held until commit makes a simultaneous first
 * sign-up wait and then see this one's row, so exactly one account is ever first.
 */
export async function isFirstAccount(db: Db): Promise<boolean> {
  const hasAny = async () => (await db.select({ id: users.id }).from(users).limit(1)).length > 0;
  if (await hasAny()) return false;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('first-account', 0))`);
  return !(await hasAny());
}

/** Usernames and e-mail addresses containing the text, any case; % and _ match only themselves. */
function searchCondition(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return sql`(${users.username} ilike ${pattern} or ${users.email} ilike ${pattern})`;
}

/** createdAt to the microsecond, as a cursor keeps it (a Date would round it to the millisecond). */
const createdAtKey = sql<string>`to_char(${users.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * One page of every account, newest first, for administrators: the one listing that spans users.
 * `after` is the last row of the page before (its createdAt key and id).
 */
export function findUserPage(
  db: Db,
  options: { search: string | undefined; after: [string, string] | undefined; limit: number },
): Promise<(UserRow & { createdAtKey: string })[]> {
  const conditions = [searchCondition(options.search)];
  if (options.after) {
    const [createdAt, id] = options.after;
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${createdAt}::timestamptz, ${id}::uuid)`);
  }
  return db
    .select({ ...getTableColumns(users), createdAtKey })
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(options.limit);
}

export async function countUsers(db: Db, options: { search: string | undefined }): Promise<number> {
  const [row] = await db.select({ total: count() }).from(users).where(searchCondition(options.search));
  return row?.total ?? 0;
}
