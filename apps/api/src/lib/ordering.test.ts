import { describe, expect, it } from 'vitest';
import { ORDER_GAP, priorityAt, spacedPriorities } from './ordering';

describe('priorityAt', () => {
  it.each([
    [[], 0, 0],
    [[0, 1024], 0, -ORDER_GAP],
    [[0, 1024], 2, 1024 + ORDER_GAP],
    [[0, 1024], 1, 512],
    [[0, 1024], 99, 1024 + ORDER_GAP],
    [[5, 6], 1, undefined],
  ])('among %j at %i → %j', (others, position, expected) => {
    expect(priorityAt(others, position)).toBe(expected);
  });

  it('spaces renumbered items evenly', () => {
    expect(spacedPriorities(3)).toEqual([0, 1024, 2048]);
  });
});
