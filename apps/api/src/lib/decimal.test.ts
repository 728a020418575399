import { describe, expect, it } from 'vitest';
import { formatDecimal, parseDecimal } from './decimal';

describe('parseDecimal', () => {
  it.each(['0', '12.5', '-0.000100', '99999999999999.999999'])('reads %s exactly', (text) => {
    expect(parseDecimal(text).toFixed()).toBe(text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''));
  });

  it.each(['', '1e5', '1.', '.5', '+1', '1,5', 'NaN', 'Infinity', ' 1'])('refuses %j with a 400', (text) => {
    expect(() => parseDecimal(text)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED', status: 400 }),
    );
  });

  it('adds without the errors of floats', () => {
    expect(parseDecimal('0.1').plus(parseDecimal('0.2')).toFixed()).toBe('0.3');
    expect(parseDecimal('99999999999999.999999').plus('0.000001').toFixed()).toBe('100000000000000');
  });
});

describe('formatDecimal', () => {
  it.each([
    ['12.500000', '12.5'],
    ['-0.000000', '0'],
    ['100.000000', '100'],
    ['0.0000005', '0.000001'],
    ['-0.0000005', '-0.000001'],
    ['-0.0000004', '0'],
    ['1e-7', '0'],
    ['12345678901234.123456', '12345678901234.123456'],
  ])('%s → %s', (value, expected) => {
    expect(formatDecimal(value)).toBe(expected);
  });

  it('refuses a value numeric(20,6) cannot hold', () => {
    expect(() => formatDecimal('100000000000000')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
    expect(() => formatDecimal('99999999999999.9999996')).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });
});
