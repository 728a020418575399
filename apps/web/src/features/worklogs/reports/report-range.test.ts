import { describe, expect, it } from 'vitest';
import { findRangePreset, getPresetRange, isChartedByDay, readReportRange } from './report-range';

const today = '2026-03-04'; // a Wednesday

describe('getPresetRange', () => {
  it.each([
    ['this-week', { from: '2026-03-02', to: '2026-03-08' }],
    ['last-week', { from: '2026-02-23', to: '2026-03-01' }],
    ['this-month', { from: '2026-03-01', to: '2026-03-31' }],
    ['last-month', { from: '2026-02-01', to: '2026-02-28' }],
    ['last-30-days', { from: '2026-02-03', to: '2026-03-04' }],
    ['this-year', { from: '2026-01-01', to: '2026-12-31' }],
  ] as const)('%s covers %o', (preset, range) => {
    expect(getPresetRange(preset, today)).toEqual(range);
    expect(findRangePreset(range, today)).toBe(preset);
  });

  it('finds last month across a new year', () => {
    expect(getPresetRange('last-month', '2027-01-15')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });
});

describe('readReportRange', () => {
  it('completes what the URL leaves out', () => {
    expect(readReportRange(undefined, undefined, today)).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(readReportRange('2026-02-10', undefined, today)).toEqual({ from: '2026-02-10', to: '2026-02-28' });
    expect(readReportRange(undefined, '2026-02-10', today)).toEqual({ from: '2026-02-01', to: '2026-02-10' });
    expect(findRangePreset({ from: '2026-02-10', to: '2026-02-28' }, today)).toBeUndefined();
  });
});

describe('isChartedByDay', () => {
  it('charts two months day by day and a year week by week', () => {
    expect(isChartedByDay({ from: '2026-01-01', to: '2026-03-03' })).toBe(true);
    expect(isChartedByDay({ from: '2026-01-01', to: '2026-03-04' })).toBe(false);
  });
});
