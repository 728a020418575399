import { calendarDaySchema, idSchema, instantInputSchema } from '@cairn/contracts/common';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { TransactionSortKey } from './transactions.repository';

/** A register page ends at a row: its sort value and id, so the next page starts right after it. */
export type TransactionCursor = [string, string];

/** What a cursor's sort value must look like for each sort, before the database casts it. */
const sortValueSchemas = {
  date: calendarDaySchema,
  amount: z.string().regex(/^\d{1,14}(\.\d{1,6})?$/),
  createdAt: instantInputSchema,
} satisfies Record<TransactionSortKey, z.ZodType<string>>;

export function encodeTransactionCursor(cursor: TransactionCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Reads a cursor back, refusing one whose value does not fit the sort it is used with. */
export function decodeTransactionCursor(value: string, sort: TransactionSortKey): TransactionCursor {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    return z.tuple([sortValueSchemas[sort], idSchema]).parse(decoded);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API gave out', {
      issues: [{ path: ['querystring', 'cursor'], message: 'Invalid cursor' }],
    });
  }
}
