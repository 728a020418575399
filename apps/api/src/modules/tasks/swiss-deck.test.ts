import { describe, expect, it } from 'vitest';
import { buildSwissDeck, type DeckChecklistItem, type DeckTask } from './swiss-deck';

const task = (id: string, parentId: string | null, extra: Partial<DeckTask> = {}): DeckTask => ({
  id,
  parentId,
  title: id,
  estimatedTime: null,
  isCompleted: false,
  ...extra,
});
const item = (id: string, taskId: string, isCompleted = false): DeckChecklistItem => ({
  id,
  taskId,
  title: id,
  isCompleted,
});

describe('buildSwissDeck', () => {
  it('deals checklist items, then small leaves, then the other leaves, in tree order', () => {
    const deck = buildSwissDeck({
      rootId: 'site',
      tasks: [
        task('site', null),
        task('design', 'site', { estimatedTime: 120 }),
        task('copy', 'site'),
        task('logo', 'design', { estimatedTime: 10 }),
        task('colours', 'design', { estimatedTime: 60 }),
        task('headline', 'copy', { estimatedTime: 15 }),
      ],
      items: [item('buy domain', 'site'), item('pick font', 'design'), item('done item', 'site', true)],
    });
    expect(deck.holes.map((hole) => [hole.kind, hole.title, hole.path])).toEqual([
      ['checklistItem', 'buy domain', []],
      ['checklistItem', 'pick font', ['design']],
      ['subtask', 'logo', ['design']],
      ['subtask', 'headline', ['copy']],
      ['subtask', 'colours', ['design']],
    ]);
    // 5 subtasks and 3 items; one item is done.
    expect(deck.progress).toEqual({ done: 1, total: 8 });
  });

  it('makes a subtask a hole once its own subtasks are done', () => {
    const deck = buildSwissDeck({
      rootId: 'root',
      tasks: [task('root', null), task('parent', 'root'), task('child', 'parent', { isCompleted: true })],
      items: [],
    });
    expect(deck.holes.map((hole) => hole.id)).toEqual(['parent']);
    expect(deck.progress).toEqual({ done: 1, total: 2 });
  });

  it("counts a completed subtask's checklist as done and deals none of it", () => {
    const deck = buildSwissDeck({
      rootId: 'root',
      tasks: [task('root', null), task('sub', 'root', { isCompleted: true })],
      items: [item('step', 'sub')],
    });
    expect(deck.holes).toEqual([]);
    expect(deck.progress).toEqual({ done: 2, total: 2 });
  });

  it('deals nothing for a task without subtasks or checklist', () => {
    expect(buildSwissDeck({ rootId: 'alone', tasks: [task('alone', null)], items: [] })).toEqual({
      holes: [],
      progress: { done: 0, total: 0 },
    });
  });
});
