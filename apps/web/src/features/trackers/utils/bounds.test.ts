import { describe, expect, it } from 'vitest';
import { isOutsideBounds } from './bounds';

describe('isOutsideBounds', () => {
  it.each([
    ['50', '50', '90', false],
    ['90', '50', '90', false],
    ['49.999999', '50', '90', true],
    ['90.000001', '50', '90', true],
    ['-1', null, '0', false],
    ['1', null, '0', true],
    ['-5', '-4', null, true],
    ['12345678901234.5', null, null, false],
    // 0.1 + 0.2 territory: compared exactly.
    ['0.3', '0.3', '0.3', false],
    // Not a number yet (a value being typed): never marked.
    ['tall', '1', '2', false],
  ] as const)('%s against [%s, %s] → %s', (value, lower, upper, expected) => {
    expect(isOutsideBounds(value, lower, upper)).toBe(expected);
  });
});
