import { describe, expect, it } from 'vitest';
import { boundsLabel, formatTrackerValue } from './format-tracker-value';

describe('formatTrackerValue', () => {
  it.each([
    ['1234.5', { valueFormat: 'currency', currencyCode: 'EUR' }, '€1,234.50'],
    ['-3', { valueFormat: 'currency', currencyCode: 'USD' }, '-$3.00'],
    ['0.125', { valueFormat: 'currency', currencyCode: 'USD' }, '$0.125'],
    ['12.5', { valueFormat: 'percentage' }, '12.5%'],
    ['100', { valueFormat: 'percentage' }, '100%'],
    ['72.40', { valueFormat: 'number', unit: 'kg' }, '72.4 kg'],
    ['1000000', { valueFormat: 'number', unit: null }, '1,000,000'],
    ['22.857143', { valueFormat: 'number', unit: '  ' }, '22.857143'],
    // Beyond a float's precision: every digit survives.
    ['12345678901234.123456', { valueFormat: 'number' }, '12,345,678,901,234.123456'],
    ['22.857143', { valueFormat: 'number', maxDecimals: 2 }, '22.86'],
    ['22.5', { valueFormat: 'number', maxDecimals: 2 }, '22.5'],
    ['0.125', { valueFormat: 'currency', maxDecimals: 2 }, '$0.13'],
    // Not a decimal: shown as it came rather than thrown on.
    ['tall', { valueFormat: 'number', unit: 'cm' }, 'tall'],
    ['Infinity', { valueFormat: 'currency' }, 'Infinity'],
  ] as const)('%s as %o → %s', (value, formatting, expected) => {
    expect(formatTrackerValue(value, formatting)).toBe(expected);
  });
});

describe('boundsLabel', () => {
  it('names the boundaries the value is held to', () => {
    expect(boundsLabel('50', '90')).toBe('outside 50 to 90');
    expect(boundsLabel('50', null)).toBe('below 50');
    expect(boundsLabel(null, '90')).toBe('above 90');
    expect(boundsLabel(null, null)).toBe('out of bounds');
  });
});
