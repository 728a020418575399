import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { decodeNoteCursor, decodeSearchCursor, encodeNoteCursor, encodeSearchCursor } from './note-cursor';

const id = '01a21375-6126-7550-8ebf-2f9673eac68b';
const forge = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('note cursors', () => {
  it('read back what they wrote', () => {
    const cursor = encodeNoteCursor(['2026-03-10T12:00:00.000Z', id]);
    expect(decodeNoteCursor(cursor, 'timestamptz')).toEqual(['2026-03-10T12:00:00.000Z', id]);
    expect(decodeNoteCursor(encodeNoteCursor(['żółw', id]), 'text')).toEqual(['żółw', id]);
    expect(decodeSearchCursor(encodeSearchCursor(40))).toBe(40);
  });

  it.each([
    ['not base64 JSON', 'not-a-cursor'],
    ['an object', forge({})],
    ['a date that is no date', forge(['yesterday', id])],
    ['a year out of range', forge(['0000-01-01T00:00:00Z', id])],
    ['an id that is no id', forge(['2026-03-10T12:00:00.000Z', 'x'])],
    ['a search cursor', forge(['hit', 20])],
  ])('refuse %s for a listing by date', (_name, cursor) => {
    expect(() => decodeNoteCursor(cursor, 'timestamptz')).toThrow(AppError);
  });

  it.each([
    ['a negative offset', forge(['hit', -1])],
    ['a fraction', forge(['hit', 1.5])],
    ['a huge offset', forge(['hit', 1e308])],
    ['a listing cursor', forge(['2026-03-10T12:00:00.000Z', id])],
  ])('refuse %s for a search', (_name, cursor) => {
    expect(() => decodeSearchCursor(cursor)).toThrow(AppError);
  });
});
