import { describe, expect, it } from 'vitest';
import { describeDraw } from './describe-draw';

describe('describeDraw', () => {
  it.each([
    { candidates: 12, skipped: 0, expected: 'Drawn from 12 open tasks' },
    { candidates: 1, skipped: 0, expected: 'Drawn from 1 open task' },
    {
      candidates: 3,
      skipped: 2,
      expected: 'Drawn from 3 open tasks, leaving out 2 skipped in the last hour',
    },
  ])('$expected', ({ expected, ...draw }) => {
    expect(describeDraw(draw)).toBe(expected);
  });
});
