import { PGlite } from '@electric-sql/pglite';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decimal } from './columns';

const amounts = pgTable('amounts', { label: text('label').notNull(), amount: decimal('amount').notNull() });

let client: PGlite;
beforeAll(async () => {
  client = await PGlite.create();
  await client.exec('create table amounts (label text not null, amount numeric(20, 6) not null)');
});
afterAll(() => client.close());

describe('decimal columns', () => {
  it('are numeric(20,6)', () => {
    expect(amounts.amount.getSQLType()).toBe('numeric(20, 6)');
  });

  it('write and read decimal strings with every digit', async () => {
    const db = drizzle({ client });
    await db.insert(amounts).values([
      { label: 'widest', amount: '-99999999999999.999999' },
      { label: 'sum', amount: '0.3' },
    ]);
    const rows = await db.select().from(amounts).orderBy(amounts.label);
    expect(rows).toEqual([
      { label: 'sum', amount: '0.300000' },
      { label: 'widest', amount: '-99999999999999.999999' },
    ]);
  });
});
