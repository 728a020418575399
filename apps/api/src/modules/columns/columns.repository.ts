import type { Db } from '../../db/client';
import { columns } from './columns.table';

export type NewColumnRow = typeof columns.$inferInsert;

export async function insertColumns(db: Db, rows: NewColumnRow[]): Promise<void> {
  await db.insert(columns).values(rows);
}
