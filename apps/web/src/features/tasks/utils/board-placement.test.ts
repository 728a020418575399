import { describe, expect, it } from 'vitest';
import { placementForDrop, priorityBetween } from './board-placement';

describe('placementForDrop', () => {
  it.each([
    { visible: ['a', 'x', 'b'], expected: { afterId: 'a' } },
    { visible: ['a', 'b', 'x'], expected: { afterId: 'b' } },
    // First among the visible cards: right before the one below, whatever hidden cards come earlier.
    { visible: ['x', 'a', 'b'], expected: { beforeId: 'a' } },
    // Alone on screen (an empty column, or only hidden cards in it): the end.
    { visible: ['x'], expected: { position: Number.MAX_SAFE_INTEGER } },
  ])('$visible → $expected', ({ visible, expected }) => {
    expect(placementForDrop({ taskId: 'x', visibleOrder: visible })).toEqual(expected);
  });
});

describe('priorityBetween', () => {
  it.each([
    [1000, 2000, 1500],
    [1000, undefined, 1001],
    [undefined, 1000, 999],
    [undefined, undefined, 0],
  ])('between %s and %s → %s', (previous, next, expected) => {
    expect(priorityBetween(previous, next)).toBe(expected);
  });
});
