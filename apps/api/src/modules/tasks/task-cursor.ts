import { z } from 'zod';
import { AppError } from '../../lib/app-error';

const cursorSchema = z.tuple([z.union([z.string(), z.number(), z.null()]), z.uuid()]);
export type TaskCursor = z.infer<typeof cursorSchema>;

/** Opaque to clients: the last row's sort value and id, so the next page starts right after it. */
export function encodeTaskCursor(cursor: TaskCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeTaskCursor(value: string): TaskCursor {
  try {
    return cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API gave out', {
      issues: [{ path: ['querystring', 'cursor'], message: 'Invalid cursor' }],
    });
  }
}
