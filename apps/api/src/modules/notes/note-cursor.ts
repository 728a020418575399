import { idSchema, instantInputSchema, isStorableText } from '@cairn/contracts/common';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';

/** A page of a sorted listing ends at a row: its sort value and id, so the next page starts right after it. */
export type NoteKeysetCursor = [string, string];

/** What a cursor's sort value must look like for each SQL type it is cast to. */
const cursorValueSchemas = {
  timestamptz: instantInputSchema,
  text: z.string().max(1000).refine(isStorableText),
} satisfies Record<string, z.ZodType<string>>;
export type NoteCursorCast = keyof typeof cursorValueSchemas;

/** Search pages are counted in hits already shown (see note-search.ts for why). */
const MAX_SEARCH_OFFSET = 100_000;
const searchCursorSchema = z.tuple([z.literal('hit'), z.number().int().min(0).max(MAX_SEARCH_OFFSET)]);

function encode(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

function decode<T>(value: string, schema: z.ZodType<T>): T {
  try {
    return schema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw new AppError('VALIDATION_FAILED', 'The cursor is not one this API gave out', {
      issues: [{ path: ['querystring', 'cursor'], message: 'Invalid cursor' }],
    });
  }
}

export function encodeNoteCursor(cursor: NoteKeysetCursor): string {
  return encode(cursor);
}

/** Reads a cursor back, refusing one whose value does not fit the sort it is used with. */
export function decodeNoteCursor(value: string, cast: NoteCursorCast): NoteKeysetCursor {
  return decode(value, z.tuple([cursorValueSchemas[cast], idSchema]));
}

export function encodeSearchCursor(offset: number): string {
  return encode(['hit', offset]);
}

/** The number of hits the earlier pages showed. */
export function decodeSearchCursor(value: string): number {
  return decode(value, searchCursorSchema)[1];
}
