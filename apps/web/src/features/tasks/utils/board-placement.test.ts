import { describe, expect, it } from 'vitest';
import { positionForDrop, priorityBetween, sortByPosition } from './board-placement';

describe('positionForDrop', () => {
  it.each([
    // Everything visible: the visible index is the API's index.
    { full: ['a', 'b', 'c'], visible: ['x', 'a', 'b', 'c'], expected: 0 },
    { full: ['a', 'b', 'c'], visible: ['a', 'x', 'b', 'c'], expected: 1 },
    { full: ['a', 'b', 'c'], visible: ['a', 'b', 'c', 'x'], expected: 3 },
    // An empty column.
    { full: [], visible: ['x'], expected: 0 },
    // Hidden tasks between visible ones: the card goes right after its visible predecessor.
    { full: ['a', 'h1', 'b', 'h2', 'c'], visible: ['a', 'b', 'x', 'c'], expected: 3 },
    // First among the visible: right before the visible successor, after hidden ones before it.
    { full: ['h1', 'a', 'b'], visible: ['x', 'a', 'b'], expected: 1 },
    // Only hidden tasks in the column: the end.
    { full: ['h1', 'h2'], visible: ['x'], expected: 2 },
    // A neighbour the full order does not know (stale data): fall back to the other one, then the end.
    { full: ['a', 'b'], visible: ['ghost', 'x', 'b'], expected: 1 },
    { full: ['a', 'b'], visible: ['ghost', 'x'], expected: 2 },
  ])('$visible over $full → $expected', ({ full, visible, expected }) => {
    expect(positionForDrop({ taskId: 'x', fullOrder: full, visibleOrder: visible })).toBe(expected);
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

describe('sortByPosition', () => {
  it('sorts by priority, then by id as the API does', () => {
    const tasks = [
      { id: 'b', priority: 2 },
      { id: 'c', priority: 1 },
      { id: 'a', priority: 2 },
    ];
    expect(sortByPosition(tasks).map((task) => task.id)).toEqual(['c', 'a', 'b']);
  });
});
