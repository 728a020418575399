import type { TaskTreeNode } from '@cairn/contracts/tasks';
import { describe, expect, it } from 'vitest';
import {
  collectParentIds,
  type DropPosition,
  flattenTree,
  getDropPosition,
  isDescendant,
  moveNode,
  neighbourPlacement,
  resolveDrop,
  siblingIdsAfterMove,
} from './tree-model';

function node(id: string, children: TaskTreeNode[] = []): TaskTreeNode {
  return {
    id,
    title: id.toUpperCase(),
    listId: null,
    dueDateHasTime: true,
    completedAt: null,
    archivedAt: null,
    dueDate: null,
    children,
  };
}

/**
 * a
 * ├ b
 * │ └ c
 * └ d
 * e
 */
const forest = [node('a', [node('b', [node('c')]), node('d')]), node('e')];

/** The tree as "id(children)" text, so expectations read like the tree. */
function shape(nodes: readonly TaskTreeNode[]): string {
  return nodes
    .map((item) => (item.children.length ? `${item.id}(${shape(item.children)})` : item.id))
    .join(' ');
}

describe('flattenTree', () => {
  it('lists every row in reading order with its level and place among siblings', () => {
    const rows = flattenTree(forest, new Set());
    expect(rows.map((row) => [row.node.id, row.level, row.index, row.siblingCount, row.parentId])).toEqual([
      ['a', 1, 0, 2, null],
      ['b', 2, 0, 2, 'a'],
      ['c', 3, 0, 1, 'b'],
      ['d', 2, 1, 2, 'a'],
      ['e', 1, 1, 2, null],
    ]);
    expect(rows.map((row) => row.isExpanded)).toEqual([true, true, false, false, false]);
  });

  it('hides the rows below a collapsed parent', () => {
    expect(flattenTree(forest, new Set(['b'])).map((row) => row.node.id)).toEqual(['a', 'b', 'd', 'e']);
    expect(flattenTree(forest, new Set(['a'])).map((row) => row.node.id)).toEqual(['a', 'e']);
  });
});

describe('getDropPosition', () => {
  const rect = { top: 100, height: 40 };
  it.each<[number, DropPosition]>([
    [100, 'before'],
    [109, 'before'],
    [111, 'inside'],
    [120, 'inside'],
    [129, 'inside'],
    [131, 'after'],
    [140, 'after'],
  ])('at y=%d the row means %s', (y, expected) => {
    expect(getDropPosition(y, rect)).toBe(expected);
  });
});

describe('resolveDrop', () => {
  const drop = (activeId: string, overId: string, position: DropPosition, isOverExpanded = false) =>
    resolveDrop(forest, { activeId, overId, position, isOverExpanded });

  it.each<[string, string, DropPosition, boolean, string | null, number]>([
    ['e', 'b', 'inside', false, 'b', 1],
    ['e', 'c', 'inside', false, 'c', 0],
    ['c', 'a', 'before', false, null, 0],
    ['c', 'e', 'after', false, null, 2],
    ['d', 'b', 'before', false, 'a', 0],
    ['e', 'b', 'after', true, 'b', 0],
    ['e', 'b', 'after', false, 'a', 1],
    ['b', 'e', 'inside', false, 'e', 0],
  ])(
    '%s dropped %3$s %2$s goes under %5$s at %6$d',
    (activeId, overId, position, isExpanded, parentId, index) => {
      expect(drop(activeId, overId, position, isExpanded)).toEqual({
        kind: 'move',
        placement: { parentId, index },
      });
    },
  );

  it('refuses a node under itself or its own subtasks', () => {
    expect(drop('a', 'c', 'inside')).toEqual({ kind: 'cycle' });
    expect(drop('a', 'b', 'before')).toEqual({ kind: 'cycle' });
  });

  it('sees a drop where the node already is as no change', () => {
    expect(drop('b', 'b', 'inside')).toEqual({ kind: 'unchanged' });
    expect(drop('b', 'd', 'before')).toEqual({ kind: 'unchanged' });
    expect(drop('d', 'b', 'after')).toEqual({ kind: 'unchanged' });
    expect(drop('c', 'b', 'inside')).toEqual({ kind: 'unchanged' });
  });
});

describe('moveNode', () => {
  it('moves a node with its subtree and leaves the input untouched', () => {
    expect(shape(moveNode(forest, 'b', { parentId: 'e', index: 0 }))).toBe('a(d) e(b(c))');
    expect(shape(moveNode(forest, 'c', { parentId: null, index: 0 }))).toBe('c a(b d) e');
    expect(shape(moveNode(forest, 'e', { parentId: 'a', index: 1 }))).toBe('a(b(c) e d)');
    expect(shape(forest)).toBe('a(b(c) d) e');
  });

  it('clamps an index past the end to the end', () => {
    expect(shape(moveNode(forest, 'e', { parentId: 'a', index: 99 }))).toBe('a(b(c) d e)');
  });
});

describe('isDescendant and collectParentIds', () => {
  it('follows the tree down', () => {
    expect(isDescendant(forest, 'a', 'c')).toBe(true);
    expect(isDescendant(forest, 'b', 'd')).toBe(false);
    expect(isDescendant(forest, 'c', 'a')).toBe(false);
    expect(collectParentIds(forest)).toEqual(['a', 'b']);
  });
});

describe('neighbourPlacement', () => {
  it.each([
    [['l2', 'l1', 'l3'], 'l1', { afterId: 'l2' }],
    [['l1', 'l3', 'l2'], 'l1', { beforeId: 'l3' }],
    [['n'], 'n', { afterId: null }],
  ])('siblings %j place %s at %j', (siblingIds, movedId, expected) => {
    expect(neighbourPlacement(siblingIds, movedId)).toEqual(expected);
  });
});

describe('siblingIdsAfterMove', () => {
  it('gives the new siblings in screen order, the moved node included', () => {
    expect(siblingIdsAfterMove(forest, 'c', { parentId: 'a', index: 1 })).toEqual(['b', 'c', 'd']);
    expect(siblingIdsAfterMove(forest, 'd', { parentId: null, index: 0 })).toEqual(['d', 'a', 'e']);
    expect(siblingIdsAfterMove(forest, 'e', { parentId: 'c', index: 0 })).toEqual(['e']);
  });
});
