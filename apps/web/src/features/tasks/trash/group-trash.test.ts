import type { Task } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import { groupTrash } from './group-trash';

function task(id: string, parentId: string | null = null): Task {
  return { id, parentId, title: id } as Task;
}

describe('groupTrash', () => {
  it('lists each trashed family once, under its top task, with the count of subtasks', () => {
    const entries = groupTrash([task('a'), task('b', 'a'), task('c', 'b'), task('d'), task('e', 'x')]);
    expect(entries.map((entry) => [entry.task.id, entry.subtaskCount])).toEqual([
      ['a', 2],
      ['d', 0],
      ['e', 0],
    ]);
  });

  it('keeps the order it was given, whatever order the family arrives in', () => {
    const entries = groupTrash([task('c', 'b'), task('b', 'a'), task('a')]);
    expect(entries.map((entry) => [entry.task.id, entry.subtaskCount])).toEqual([['a', 2]]);
  });

  it('is empty for an empty trash', () => {
    expect(groupTrash([])).toEqual([]);
  });
});
