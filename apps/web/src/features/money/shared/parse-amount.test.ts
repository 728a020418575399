import { describe, expect, it } from 'vitest';
import { parseAmount } from './parse-amount';

describe('parseAmount', () => {
  it.each([
    ['12', '12'],
    ['12.5', '12.5'],
    ['12.50', '12.5'],
    ['0.1', '0.1'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['007.10', '7.1'],
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['12,5', '12.5'],
    ['0,125', '0.125'],
    ['1,234', '1234'],
    ['1,234,567', '1234567'],
    ['1 234,56', '1234.56'],
    ["1'234.56", '1234.56'],
    ['+3', '3'],
    ['99999999999999.999999', '99999999999999.999999'],
  ])('reads %s as %s', (input, amount) => {
    expect(parseAmount(input)).toEqual({ amount });
  });

  it.each([
    ['', 'Enter an amount'],
    ['   ', 'Enter an amount'],
    ['-5', 'Amount must be greater than 0'],
    ['0', 'Amount must be greater than 0'],
    ['0.000', 'Amount must be greater than 0'],
    ['abc', 'Enter a number, such as 12.50'],
    ['1e5', 'Enter a number, such as 12.50'],
    ['.', 'Enter a number, such as 12.50'],
    ['1.2.3', 'Enter a number, such as 12.50'],
    ['100000000000000', 'Amount is too large'],
    ['1.1234567', 'Use at most 6 digits after the point'],
  ])('refuses %j: %s', (input, error) => {
    expect(parseAmount(input)).toEqual({ error });
  });
});
