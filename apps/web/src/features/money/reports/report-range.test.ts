import { describe, expect, it } from 'vitest';
import { findRangePreset, findRangeProblem, getPresetRange, listRangeMonths } from './report-range';

describe('getPresetRange', () => {
  it.each([
    ['this-month', '2026-05-15', '2026-05-01', '2026-05-15'],
    ['last-3-months', '2026-05-15', '2026-03-01', '2026-05-15'],
    ['last-6-months', '2026-05-15', '2025-12-01', '2026-05-15'],
    ['last-12-months', '2026-05-15', '2025-06-01', '2026-05-15'],
    ['last-12-months', '2026-01-31', '2025-02-01', '2026-01-31'],
    ['this-year', '2026-05-15', '2026-01-01', '2026-05-15'],
    ['last-year', '2026-05-15', '2025-01-01', '2025-12-31'],
    // A leap day: the months before it still start on the 1st.
    ['last-3-months', '2024-02-29', '2023-12-01', '2024-02-29'],
  ] as const)('%s on %s is %s to %s', (preset, today, from, to) => {
    expect(getPresetRange(preset, today)).toEqual({ from, to });
  });
});

describe('findRangePreset', () => {
  it('names the preset a range is, today', () => {
    expect(findRangePreset({ from: '2025-06-01', to: '2026-05-15' }, '2026-05-15')).toBe('last-12-months');
    expect(findRangePreset({ from: '2025-01-01', to: '2025-12-31' }, '2026-05-15')).toBe('last-year');
  });

  it('calls any other range custom, and a preset of another day too', () => {
    expect(findRangePreset({ from: '2025-06-02', to: '2026-05-15' }, '2026-05-15')).toBe('custom');
    expect(findRangePreset({ from: '2025-06-01', to: '2026-05-15' }, '2026-05-16')).toBe('custom');
  });
});

describe('findRangeProblem', () => {
  it('accepts a range of one day or more', () => {
    expect(findRangeProblem({ from: '2026-05-15', to: '2026-05-15' })).toBeNull();
    expect(findRangeProblem({ from: '2025-01-01', to: '2026-05-15' })).toBeNull();
  });

  it('names a missing day or a start after the end', () => {
    expect(findRangeProblem({ from: '', to: '2026-05-15' })).toBe('Choose a start day');
    expect(findRangeProblem({ from: '2026-05-15', to: '' })).toBe('Choose an end day');
    expect(findRangeProblem({ from: '2026-05-16', to: '2026-05-15' })).toBe(
      'The start must not be after the end',
    );
  });
});

describe('listRangeMonths', () => {
  it('lists every month the range touches, across a year end', () => {
    expect(listRangeMonths({ from: '2025-11-20', to: '2026-02-03' })).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('gives one month for a range inside it', () => {
    expect(listRangeMonths({ from: '2026-05-02', to: '2026-05-03' })).toEqual(['2026-05']);
  });
});
