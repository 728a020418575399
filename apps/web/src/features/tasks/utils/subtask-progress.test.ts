import { describe, expect, it } from 'vitest';
import { formatOpenSubtasks, getSubtaskProgress } from './subtask-progress';

const at = new Date('2026-01-05T10:00:00Z');
const open = { completedAt: null, archivedAt: null };
const done = { completedAt: at, archivedAt: null };
const archived = { completedAt: null, archivedAt: at };
const archivedDone = { completedAt: at, archivedAt: at };

describe('getSubtaskProgress', () => {
  it.each([
    ['no subtasks', [], { done: 0, open: 0, total: 0 }],
    ['open and done ones', [open, done, open], { done: 1, open: 2, total: 3 }],
    [
      'archived ones are left out, open or done',
      [open, archived, archivedDone],
      { done: 0, open: 1, total: 1 },
    ],
    ['only archived ones', [archived], { done: 0, open: 0, total: 0 }],
  ])('%s', (_name, children, expected) => {
    expect(getSubtaskProgress(children)).toEqual(expected);
  });
});

describe('formatOpenSubtasks', () => {
  it.each([
    [1, '1 open subtask'],
    [2, '2 open subtasks'],
  ])('%i', (count, text) => {
    expect(formatOpenSubtasks(count)).toBe(text);
  });
});
