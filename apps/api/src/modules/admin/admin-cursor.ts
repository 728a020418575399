import { idSchema, instantInputSchema } from '@cairn/contracts/common';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/** The last row of a page, newest-first listings: its instant (to the microsecond) and id. */
export type AdminCursor = [string, string];

const cursorSchema = z.tuple([instantInputSchema, idSchema]);

export function encodeAdminCursor(key: AdminCursor): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeAdminCursor(value: string | undefined): AdminCursor | undefined {
  if (value === undefined) return undefined;
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API gave out', {
      issues: [{ path: ['querystring', 'cursor'], message: 'Invalid cursor' }],
    });
  }
}
