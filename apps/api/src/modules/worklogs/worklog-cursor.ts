import { calendarDaySchema, idSchema } from '@cairn/contracts/common';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { WorklogPageKey } from './entries.repository';

/** The list's cursor: the last row of a page (its day, start key and id), opaque to clients. */
const cursorSchema = z.tuple([calendarDaySchema, z.number().int().min(-1).max(1439), idSchema]);

export function encodeWorklogCursor(key: WorklogPageKey): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeWorklogCursor(value: string): WorklogPageKey {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API gave out', {
      issues: [{ path: ['querystring', 'cursor'], message: 'Invalid cursor' }],
    });
  }
}
