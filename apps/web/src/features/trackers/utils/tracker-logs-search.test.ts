import { describe, expect, it } from 'vitest';
import { isCalendarDay, readTrackerLogsSearch, trackerLogFiltersOf } from './tracker-logs-search';

const ID = '0b8e6a0c-5a3f-4c1e-9d2b-7f1a2b3c4d5e';

describe('readTrackerLogsSearch', () => {
  it('keeps a valid tracker id and range', () => {
    expect(readTrackerLogsSearch({ trackerId: ID, from: '2025-01-01', to: '2025-01-31' })).toEqual({
      trackerId: ID,
      from: '2025-01-01',
      to: '2025-01-31',
    });
  });

  it('lower-cases the id', () => {
    expect(readTrackerLogsSearch({ trackerId: ID.toUpperCase() })).toEqual({ trackerId: ID });
  });

  it.each([['not-a-uuid'], [''], [42], [null], [['x']], [`${ID} `]])(
    'ignores the tracker id %o',
    (trackerId) => {
      expect(readTrackerLogsSearch({ trackerId })).toEqual({});
    },
  );

  it('ignores days that are not days, and an end before the start', () => {
    expect(readTrackerLogsSearch({ from: '2025-02-30', to: 'yesterday' })).toEqual({});
    expect(readTrackerLogsSearch({ from: '2025-03-10', to: '2025-03-01' })).toEqual({ from: '2025-03-10' });
  });
});

describe('isCalendarDay', () => {
  it.each([
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
  ])('%s → %s', (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });
});

describe('trackerLogFiltersOf', () => {
  it('keeps the tracker when it is one of the user’s', () => {
    expect(trackerLogFiltersOf({ trackerId: ID, from: '2025-01-01' }, new Set([ID]))).toEqual({
      trackerId: ID,
      from: '2025-01-01',
    });
  });

  it('drops a tracker that is not the user’s, or while the trackers are unknown', () => {
    expect(trackerLogFiltersOf({ trackerId: ID, to: '2025-01-01' }, new Set())).toEqual({ to: '2025-01-01' });
    expect(trackerLogFiltersOf({ trackerId: ID }, undefined)).toEqual({});
  });
});
