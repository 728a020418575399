import { describe, expect, it } from 'vitest';
import { describeCandidate } from './describe-candidate';

/** Enough of a duration format to see where the estimate goes. */
const inHours = (minutes: number) => `${minutes / 60} h`;

describe('describeCandidate', () => {
  it.each([
    {
      openSubtasks: 7,
      openChecklistItems: 3,
      estimatedTime: 120,
      expected: '7 open subtasks · 3 checklist items · 2 h',
    },
    {
      openSubtasks: 1,
      openChecklistItems: 1,
      estimatedTime: null,
      expected: '1 open subtask · 1 checklist item',
    },
    { openSubtasks: 0, openChecklistItems: 4, estimatedTime: 0, expected: '4 checklist items' },
    { openSubtasks: 2, openChecklistItems: 0, estimatedTime: 60, expected: '2 open subtasks · 1 h' },
  ])('$expected', ({ expected, ...candidate }) => {
    expect(describeCandidate(candidate, inHours)).toBe(expected);
  });
});
