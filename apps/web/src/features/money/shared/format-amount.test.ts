import { describe, expect, it } from 'vitest';
import { formatCurrencyAmount, formatSignedAmount } from './format-amount';

const usd = { code: 'USD', minorUnits: 2 };
const jpy = { code: 'JPY', minorUnits: 0 };
const bhd = { code: 'BHD', minorUnits: 3 };

describe('formatCurrencyAmount', () => {
  it('uses each currency’s own minor units, exactly', () => {
    expect(formatCurrencyAmount('1234.5', usd)).toBe('$1,234.50');
    expect(formatCurrencyAmount('1234.5', jpy)).toBe('¥1,235');
    expect(formatCurrencyAmount('0.0005', bhd)).toBe('BHD\u00a00.001');
    expect(formatCurrencyAmount('99999999999999.999999', usd)).toBe('$100,000,000,000,000.00');
    expect(formatCurrencyAmount('-0.30', usd)).toBe('-$0.30');
  });

  it('still shows the number of an unknown currency', () => {
    expect(formatCurrencyAmount('12.5', undefined)).toBe('12.50');
  });
});

describe('formatSignedAmount', () => {
  it('signs money in and out, so colour is not the only cue', () => {
    expect(formatSignedAmount('12.5', usd, 'in')).toBe('+$12.50');
    expect(formatSignedAmount('12.5', usd, 'out')).toBe('\u2212$12.50');
    expect(formatSignedAmount('12.5', usd, 'neutral')).toBe('$12.50');
  });
});
