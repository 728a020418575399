import { describe, expect, it } from 'vitest';
import { trimDecimal } from './trim-decimal';

describe('trimDecimal', () => {
  it.each([
    ['1.250000', '1.25'],
    ['3.000000', '3'],
    ['100', '100'],
    ['100.000000', '100'],
    ['0.000001', '0.000001'],
    ['0', '0'],
  ])('%s → %s', (value, expected) => {
    expect(trimDecimal(value)).toBe(expected);
  });
});
