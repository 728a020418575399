import { describe, expect, it } from 'vitest';
import { reviveDates } from './revive-dates';

describe('reviveDates', () => {
  it('turns ISO instants into Dates anywhere in the value, and leaves everything else alone', () => {
    const revived = reviveDates({
      createdAt: '2025-03-30T01:30:00.000Z',
      withOffset: '2025-03-30T03:30:00+02:00',
      day: '2025-03-30',
      time: '09:00',
      text: 'Due 2025-03-30T01:30:00Z, maybe',
      nested: [{ at: '2025-03-30T01:30:00Z' }, null, 3],
    });
    expect(revived).toEqual({
      createdAt: new Date('2025-03-30T01:30:00.000Z'),
      withOffset: new Date('2025-03-30T01:30:00.000Z'),
      day: '2025-03-30',
      time: '09:00',
      text: 'Due 2025-03-30T01:30:00Z, maybe',
      nested: [{ at: new Date('2025-03-30T01:30:00Z') }, null, 3],
    });
  });

  it('keeps a string that only looks like an instant', () => {
    expect(reviveDates('2025-13-45T99:99:00Z')).toBe('2025-13-45T99:99:00Z');
  });
});
