import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, formatPercent, roundDecimal } from './format-number';

describe('formatMoney', () => {
  it.each([
    ['1234.5', {}, '$1,234.50'],
    ['0', {}, '$0.00'],
    ['-12.345', {}, '-$12.35'],
    ['-0.004', {}, '$0.00'],
    ['1234.5', { currency: 'EUR', locale: 'de-DE' }, '1.234,50 €'],
    ['1234.5678', { decimals: 3 }, '$1,234.568'],
    ['1234.5', { currency: 'JPY', decimals: 0 }, '¥1,235'],
  ] as const)('%s with %j → %s', (amount, options, expected) => {
    expect(formatMoney(amount, options).replace(/\u00a0/g, ' ')).toBe(expected);
  });

  it('keeps every digit of a numeric(20,6) value, where a float would lose the last ones', () => {
    // As a float the value is 12345678901234.564…, which rounds the wrong way.
    expect(Number('12345678901234.565').toFixed(2)).toBe('12345678901234.56');
    expect(formatMoney('12345678901234.565')).toBe('$12,345,678,901,234.57');
    expect(formatMoney('99999999999999.999999', { decimals: 6 })).toBe('$99,999,999,999,999.999999');
    expect(formatMoney('0.105')).toBe('$0.11');
  });
});

describe('rounding', () => {
  it.each([
    ['1.005', 'nearest', '1.01'],
    ['1.004', 'nearest', '1.00'],
    ['-1.005', 'nearest', '-1.01'],
    ['1.001', 'up', '1.01'],
    ['-1.009', 'up', '-1.00'],
    ['1.009', 'down', '1.00'],
    ['-1.001', 'down', '-1.01'],
    ['-0.001', 'up', '0.00'],
  ] as const)('%s %s → %s', (value, rounding, expected) => {
    expect(roundDecimal(value, 2, rounding)).toBe(expected);
  });

  it('applies to every format', () => {
    expect(formatMoney('2.001', { rounding: 'up' })).toBe('$2.01');
    expect(formatNumber('2.009', { rounding: 'down' })).toBe('2.00');
    expect(formatPercent('0.12345', { rounding: 'down' })).toBe('12.34%');
  });
});

describe('formatNumber and formatPercent', () => {
  it('group digits by locale and show the asked places', () => {
    expect(formatNumber('1234567.891')).toBe('1,234,567.89');
    expect(formatNumber('1234567.891', { locale: 'de-DE', decimals: 1 })).toBe('1.234.567,9');
    expect(formatPercent('0.125')).toBe('12.50%');
    expect(formatPercent('1.5', { decimals: 0 })).toBe('150%');
  });
});
