import { idSchema, instantInputSchema, isStorableText } from '@cairn/contracts/common';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

export type CursorValue = string | number | null;
export type TaskCursor = [CursorValue, string];

/** What a cursor's sort value must look like for each SQL type it is cast to. */
export const cursorValueSchemas = {
  integer: z
    .number()
    .int()
    .min(-(2 ** 31))
    .max(2 ** 31 - 1),
  timestamptz: z.union([z.literal('infinity'), z.literal('-infinity'), instantInputSchema]),
  text: z.string().max(1000).refine(isStorableText),
  level: z.enum(['low', 'medium', 'high']),
} satisfies Record<string, z.ZodType<CursorValue>>;
export type CursorCast = keyof typeof cursorValueSchemas;

/** Opaque to clients: the last row's sort value and id, so the next page starts right after it. */
export function encodeTaskCursor(cursor: TaskCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** Reads a cursor back, refusing one whose value does not fit the sort it is used with. */
export function decodeTaskCursor(value: string, cast: CursorCast): TaskCursor {
  const schema = z.tuple([cursorValueSchemas[cast], idSchema]);
  try {
    return schema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API gave out', {
      issues: [{ path: ['querystring', 'cursor'], message: 'Invalid cursor' }],
    });
  }
}
