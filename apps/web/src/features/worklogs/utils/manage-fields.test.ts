import { describe, expect, it } from 'vitest';
import { findClientProblem, findNameProblem, formatMultiplier, readBreaksMultiplier } from './manage-fields';

describe('readBreaksMultiplier', () => {
  it.each([
    ['1', '1'],
    ['1.15', '1.15'],
    ['1,15', '1.15'],
    [' 2.5 ', '2.5'],
    ['100', '100'],
    ['100.000', '100.000'],
    ['1.000001', '1.000001'],
  ])('%j reads %j', (text, value) => expect(readBreaksMultiplier(text)).toBe(value));

  it.each(['', '0.9', '0', '100.5', '101', '1.0000001', 'abc', '-1', '1e2'])('%j is refused', (text) =>
    expect(readBreaksMultiplier(text)).toBeNull(),
  );
});

describe('names', () => {
  it('require a name and cap both at 255 characters', () => {
    expect(findNameProblem('  ')).toBe('Name is required');
    expect(findNameProblem('x'.repeat(256))).toMatch(/255/);
    expect(findNameProblem('Acme website')).toBeNull();
    expect(findClientProblem('')).toBeNull();
    expect(findClientProblem('x'.repeat(256))).toMatch(/255/);
  });
});

describe('formatMultiplier', () => {
  it.each([
    ['1.150000', '1.15'],
    ['1.000000', '1'],
    ['2', '2'],
  ])('%s reads %s', (value, text) => expect(formatMultiplier(value)).toBe(text));
});
