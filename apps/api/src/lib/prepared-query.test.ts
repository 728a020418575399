import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, wrapPglite } from '../db/client';
import { idColumn, instant } from '../db/columns';
import { insertReturning, preparedQuery } from './prepared-query';

// A table of its own, shaped like the app's: an id made in JavaScript, a database default, a nullable column.
const people = pgTable('people', {
  id: idColumn().primaryKey(),
  name: text('name').notNull(),
  note: text('note'),
  seenAt: instant('seen_at'),
  createdAt: instant('created_at').notNull().defaultNow(),
});

let database: Database;
const insertPerson = insertReturning(people);

beforeAll(async () => {
  const pglite = await PGlite.create();
  await pglite.exec(
    'create table people (id uuid primary key, name text not null, note text, seen_at timestamptz, created_at timestamptz not null default now())',
  );
  database = wrapPglite(pglite);
});
afterAll(() => database.close());

describe('insertReturning', () => {
  it('answers the row Drizzle’s own insert answers, with a new id every time', async () => {
    const [ann] = await insertPerson(database.db, { name: 'ann' });
    const [bob] = await insertPerson(database.db, { name: 'bob' });
    const [own] = await database.db.insert(people).values({ name: 'cid' }).returning();
    expect(ann!.id).not.toBe(bob!.id);
    expect(Object.keys(ann!)).toEqual(Object.keys(own!));
    expect(ann).toMatchObject({ name: 'ann', note: null, seenAt: null });
    expect(ann!.createdAt).toBeInstanceOf(Date);
  });

  it('keeps a given value and a null apart, for the same columns', async () => {
    // A Date column's encoder cannot take a null: a null is written as one, not through it.
    const seenAt = new Date('2026-03-10T12:00:00.123Z');
    const [dan] = await insertPerson(database.db, { name: 'dan', seenAt });
    const [eve] = await insertPerson(database.db, { name: 'eve', seenAt: null });
    const [fay] = await insertPerson(database.db, { name: 'fay', seenAt });
    expect([dan!.seenAt, eve!.seenAt, fay!.seenAt]).toEqual([seenAt, null, seenAt]);
  });

  it('takes SQL values, which are part of the statement', async () => {
    const [gus] = await insertPerson(database.db, {
      name: 'gus',
      createdAt: sql`'2001-02-03T04:05:06Z'::timestamptz`,
    });
    expect(gus!.createdAt.toISOString()).toBe('2001-02-03T04:05:06.000Z');
  });

  it('inserts inside a transaction, and not at all when it rolls back', async () => {
    const rollback = new Error('roll back');
    await expect(
      database.db.transaction(async (tx) => {
        const [hal] = await insertPerson(tx, { name: 'hal' });
        expect(await tx.select().from(people).where(eq(people.id, hal!.id))).toHaveLength(1);
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(await database.db.select().from(people).where(eq(people.name, 'hal'))).toEqual([]);
  });
});

describe('preparedQuery', () => {
  it('builds a query once per database handle and runs it with new values', async () => {
    let builds = 0;
    const byName = preparedQuery((db) => {
      builds++;
      return db
        .select({ id: people.id })
        .from(people)
        .where(eq(people.name, sql.placeholder('name')))
        .prepare('people_by_name');
    });
    expect(await byName(database.db).execute({ name: 'ann' })).toHaveLength(1);
    expect(await byName(database.db).execute({ name: 'nobody' })).toEqual([]);
    expect(builds).toBe(1);
  });
});
