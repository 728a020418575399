import { describe, expect, it } from 'vitest';
import { formatDecimal } from './decimal';
import { formatDecimalText } from './decimal-text';

describe('formatDecimalText', () => {
  it.each([
    ['0', '0'],
    ['-0', '0'],
    ['0.000000', '0'],
    ['-0.000000', '0'],
    ['12.500000', '12.5'],
    ['-12.500000', '-12.5'],
    ['7', '7'],
    ['100', '100'],
    ['100.000100', '100.0001'],
    ['0.000001', '0.000001'],
    ['-0.000001', '-0.000001'],
    ['99999999999999.999999', '99999999999999.999999'],
    // Past the fast path: rounded, or refused, exactly as formatDecimal does.
    ['1.2345675', '1.234568'],
    ['-0.0000001', '0'],
    ['007.50', '7.5'],
    ['1e3', '1000'],
  ])('writes %s as %s, as formatDecimal does', (text, expected) => {
    expect(formatDecimalText(text)).toBe(expected);
    expect(formatDecimalText(text)).toBe(formatDecimal(text));
  });

  it('refuses a value numeric(20,6) cannot hold, as formatDecimal does', () => {
    expect(() => formatDecimalText('100000000000000')).toThrow(/at most 14 digits/);
    expect(() => formatDecimalText('-123456789012345.5')).toThrow(/at most 14 digits/);
  });
});
