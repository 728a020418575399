import { describe, expect, it } from 'vitest';
import { ORDER_GAP, priorityAfter, priorityAt, spacedPriorities } from './ordering';

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

describe('priorityAfter', () => {
  it('starts an empty set at 0 and appends one gap after the last item', () => {
    expect(priorityAfter(undefined)).toBe(0);
    expect(priorityAfter(-5)).toBe(-5 + ORDER_GAP);
    expect(priorityAfter(2048)).toBe(2048 + ORDER_GAP);
  });
});
