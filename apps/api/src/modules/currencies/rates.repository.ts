import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currencies, currencyRates } from './currencies.table';

export type CurrencyRateRow = typeof currencyRates.$inferSelect;

/** Rows written together: well under PostgreSQL's 65,535 parameters per statement. */
const UPSERT_BATCH = 1000;

export async function findCurrencyById(db: Db, currencyId: string) {
  const [row] = await db.select().from(currencies).where(eq(currencies.id, currencyId));
  return row;
}

/** Code → id of the currencies known among `codes`. */
export async function findCurrencyIdsByCodes(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db
    .select({ id: currencies.id, code: currencies.code })
    .from(currencies)
    .where(inArray(currencies.code, [...codes]));
  return new Map(rows.map((row) => [row.code, row.id]));
}

export function findRateHistory(
  db: Db,
  options: { currencyId: string; from: string | undefined; to: string | undefined },
): Promise<CurrencyRateRow[]> {
  return db
    .select()
    .from(currencyRates)
    .where(
      and(
        eq(currencyRates.currencyId, options.currencyId),
        options.from === undefined ? undefined : gte(currencyRates.date, options.from),
        options.to === undefined ? undefined : lte(currencyRates.date, options.to),
      ),
    )
    .orderBy(asc(currencyRates.date));
}

/** An administrator's rate for a day: it replaces whatever that day had, the source's rate included. */
export async function upsertAdminRate(
  db: Db,
  options: { currencyId: string; date: string; rate: string; at: Date },
): Promise<CurrencyRateRow> {
  const [row] = await db
    .insert(currencyRates)
    .values({
      currencyId: options.currencyId,
      date: options.date,
      rate: options.rate,
      source: 'admin',
      createdAt: options.at,
      updatedAt: options.at,
    })
    .onConflictDoUpdate({
      target: [currencyRates.currencyId, currencyRates.date],
      set: { rate: options.rate, source: 'admin', updatedAt: options.at },
    })
    .returning();
  if (!row) throw new Error('upsert returned no row');
  return row;
}

/**
 * The source's rates for their days. A day an administrator set keeps the administrator's rate: the
 * update only touches rows the source wrote.
 */
export async function upsertSourceRates(
  db: Db,
  options: { rows: { currencyId: string; date: string; rate: string }[]; at: Date },
): Promise<void> {
  for (let offset = 0; offset < options.rows.length; offset += UPSERT_BATCH) {
    const batch = options.rows.slice(offset, offset + UPSERT_BATCH);
    await db
      .insert(currencyRates)
      .values(
        batch.map((row) => ({
          ...row,
          source: 'ecb' as const,
          createdAt: options.at,
          updatedAt: options.at,
        })),
      )
      .onConflictDoUpdate({
        target: [currencyRates.currencyId, currencyRates.date],
        set: { rate: sql`excluded.rate`, updatedAt: sql`excluded.updated_at` },
        setWhere: sql`${currencyRates.source} = 'ecb' and ${currencyRates.rate} <> excluded.rate`,
      });
  }
}

/** The newest day a currency has a rate for, if any. */
export async function findLatestRateDate(db: Db, currencyId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ date: currencyRates.date })
    .from(currencyRates)
    .where(eq(currencyRates.currencyId, currencyId))
    .orderBy(sql`${currencyRates.date} desc`)
    .limit(1);
  return row?.date;
}

/** Sets each currency's current rate to the rate of its newest day; returns how many it set. */
export async function setCurrentRatesFromHistory(
  db: Db,
  options: { currencyIds: readonly string[]; at: Date },
): Promise<number> {
  if (options.currencyIds.length === 0) return 0;
  const updated = await db
    .update(currencies)
    .set({
      rate: sql`(select r.rate from ${currencyRates} r where r.currency_id = ${currencies.id} order by r.date desc limit 1)`,
      rateUpdatedAt: options.at,
      updatedAt: options.at,
    })
    .where(
      and(
        inArray(currencies.id, [...options.currencyIds]),
        sql`exists (select 1 from ${currencyRates} r where r.currency_id = ${currencies.id})`,
      ),
    )
    .returning({ id: currencies.id });
  return updated.length;
}

export async function setCurrentRate(
  db: Db,
  options: { currencyId: string; rate: string; at: Date },
): Promise<void> {
  await db
    .update(currencies)
    .set({ rate: options.rate, rateUpdatedAt: options.at, updatedAt: options.at })
    .where(eq(currencies.id, options.currencyId));
}
