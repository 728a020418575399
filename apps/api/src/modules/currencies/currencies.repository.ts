import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currencies } from './currencies.table';

export type CurrencyRow = typeof currencies.$inferSelect;

export function findCurrencies(db: Db): Promise<CurrencyRow[]> {
  return db.select().from(currencies).orderBy(asc(currencies.code));
}

export async function findCurrencyByCode(db: Db, code: string): Promise<CurrencyRow | undefined> {
  const [row] = await db.select().from(currencies).where(eq(currencies.code, code));
  return row;
}
