import { describe, expect, it } from 'vitest';
import { formatAxisTick, formatChartDay, formatChartValue } from './format-chart-value';

const tracker = (patch: object) => ({
  id: 't',
  name: 'T',
  valueFormat: 'number' as const,
  currencyId: null,
  unit: null,
  ...patch,
});

describe('formatChartValue', () => {
  const avg = { aggregation: 'avg' as const };
  it.each([
    ['1234.5', tracker({}), '1,234.5'],
    ['72.333333', tracker({ unit: 'kg' }), '72.33 kg'],
    ['12.5', tracker({ valueFormat: 'percentage' }), '12.5%'],
    ['-3', tracker({ valueFormat: 'percentage' }), '-3%'],
    // Rounded half away from zero, from the string: no float error.
    ['0.005', tracker({}), '0.01'],
    ['12345678901234.125', tracker({}), '12,345,678,901,234.13'],
  ])('%s → %s', (value, entry, expected) => {
    expect(formatChartValue(value, entry, avg)).toBe(expected);
  });

  it('money in the tracker’s currency and its minor units; dollars when it is unknown', () => {
    const findCurrency = (id: string) => (id === 'jpy' ? { code: 'JPY', decimals: 0 } : undefined);
    expect(
      formatChartValue('1234.5', tracker({ valueFormat: 'currency', currencyId: 'jpy' }), {
        ...avg,
        findCurrency,
      }),
    ).toBe('¥1,235');
    expect(
      formatChartValue('5', tracker({ valueFormat: 'currency', currencyId: 'xxx' }), {
        ...avg,
        findCurrency,
      }),
    ).toBe('$5.00');
  });

  it('a count stays a plain count', () => {
    expect(
      formatChartValue('3', tracker({ valueFormat: 'currency', currencyId: 'x' }), { aggregation: 'count' }),
    ).toBe('3');
  });
});

describe('formatChartDay and formatAxisTick', () => {
  it('names a calendar day without shifting it by a zone', () => {
    expect(formatChartDay('2024-12-31')).toBe('Dec 31');
    expect(formatChartDay('2024-01-01', { withYear: true })).toBe('Jan 1, 2024');
  });
  it('shortens big ticks', () => {
    expect(formatAxisTick(1500)).toBe('1.5K');
    expect(formatAxisTick(12)).toBe('12');
  });
});
