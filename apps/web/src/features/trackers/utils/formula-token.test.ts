import { describe, expect, it } from 'vitest';
import { findQuotedToken, findTokenRange, insertAtSelection } from './formula-token';

describe('findQuotedToken', () => {
  it.each([
    ["Unknown variable 'wieght'", 'wieght'],
    ['"constructor" is not allowed', 'constructor'],
    ['Unexpected token “^^” at 9', '^^'],
    ['Function `eval` is not allowed', 'eval'],
    ['Formula is required', undefined],
  ])('%s → %s', (message, expected) => {
    expect(findQuotedToken(message)).toBe(expected);
  });
});

describe('findTokenRange', () => {
  it('finds a name whole, at its first occurrence', () => {
    expect(findTokenRange('height_cm + height * height', 'height')).toEqual({ start: 12, end: 18 });
  });

  it('finds an operator as written', () => {
    expect(findTokenRange('a ^^ b', '^^')).toEqual({ start: 2, end: 4 });
  });

  it('answers nothing for a token that is not there', () => {
    expect(findTokenRange('weight / 2', 'height')).toBeUndefined();
    expect(findTokenRange('weight', '')).toBeUndefined();
  });

  it('treats the token as text, not as a pattern', () => {
    expect(findTokenRange('a.b + a', 'a.b')).toEqual({ start: 0, end: 3 });
  });
});

describe('insertAtSelection', () => {
  it('inserts at the caret or over the selection', () => {
    expect(insertAtSelection('a + ', 'weight', { start: 4, end: 4 })).toEqual({
      text: 'a + weight',
      caret: 10,
    });
    expect(insertAtSelection('a + b', 'weight', { start: 4, end: 5 })).toEqual({
      text: 'a + weight',
      caret: 10,
    });
  });
});
