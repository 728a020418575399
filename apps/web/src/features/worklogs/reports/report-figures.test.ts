import type { WorklogReport } from '@cairn/contracts/worklogs';
import { describe, expect, it } from 'vitest';
import { groupBars, timeBars } from './report-figures';

const empty = { duration: 0, durationWithBreaks: '0', count: 0 };
function report(patch: Partial<WorklogReport>): WorklogReport {
  return {
    from: '2026-11-16',
    to: '2026-11-22',
    total: empty,
    byDay: [],
    byWeek: [],
    byMonth: [],
    byProject: [],
    byCategory: [],
    byClient: [],
    ...patch,
  };
}

describe('timeBars', () => {
  it('has a bar for every day of a short range, zero where nothing was logged', () => {
    const { unit, bars } = timeBars(
      report({
        byDay: [{ key: '2026-11-17', label: '2026-11-17', duration: 90, durationWithBreaks: '103.5' }],
      }),
      { from: '2026-11-16', to: '2026-11-18' },
    );
    expect(unit).toBe('day');
    expect(bars.map((bar) => [bar.key, bar.duration, bar.hours, bar.hoursWithBreaks])).toEqual([
      ['2026-11-16', 0, 0, 0],
      ['2026-11-17', 90, 1.5, 1.725],
      ['2026-11-18', 0, 0, 0],
    ]);
  });

  it('charts a long range by week', () => {
    const { unit, bars } = timeBars(
      report({
        byWeek: [{ key: '2026-01-05', label: '2026-W02', duration: 600, durationWithBreaks: '600' }],
      }),
      { from: '2026-01-01', to: '2026-12-31' },
    );
    expect(unit).toBe('week');
    expect(bars.map((bar) => bar.label)).toEqual(['Week of Mon 5 Jan']);
  });
});

describe('groupBars', () => {
  it('puts the largest first', () => {
    const bars = groupBars([
      { key: 'a', label: 'Alpha', duration: 30, durationWithBreaks: '30' },
      { key: null, label: 'No category', duration: 120, durationWithBreaks: '138' },
    ]);
    expect(bars.map((bar) => [bar.key, bar.label])).toEqual([
      ['none', 'No category'],
      ['a', 'Alpha'],
    ]);
  });
});
