import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { requireOwned } from './require-owned';

describe('requireOwned', () => {
  it('passes a found row through', () => {
    const row = { id: 'a' };
    expect(requireOwned(row, 'Note')).toBe(row);
  });

  it('answers a missing row with a 404 naming what was looked for', () => {
    const error = (() => {
      try {
        requireOwned(undefined, 'Note');
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ code: 'NOT_FOUND', status: 404, message: 'Note not found' });
  });
});
