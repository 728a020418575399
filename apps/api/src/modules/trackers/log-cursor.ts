import { idSchema, instantInputSchema } from '@cairn/contracts/common';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/** A page of logs ends at a row: its logDate (an ISO instant) and id, so the next page starts right after it. */
export type LogCursor = [string, string];

const cursorSchema = z.tuple([instantInputSchema, idSchema]);

export function encodeLogCursor(cursor: LogCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Reads a cursor back, refusing anything this API did not give out. */
export function decodeLogCursor(value: string): LogCursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API gave out', {
      issues: [{ path: ['querystring', 'cursor'], message: 'Invalid cursor' }],
    });
  }
}
