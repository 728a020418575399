import type { TaskTreeNode } from '@cairn/contracts/tasks';

/** One visible row of a tree: the node with where it sits, as the flat list the screen renders. */
export interface FlatTreeRow {
  node: TaskTreeNode;
  parentId: string | null;
  /** 1 for a top-level row, as aria-level counts. */
  level: number;
  /** Position among its siblings, from 0. */
  index: number;
  siblingCount: number;
  hasChildren: boolean;
  isExpanded: boolean;
}

/** The rows a user sees: every node whose ancestors are all expanded, in reading order. */
export function flattenTree(
  forest: readonly TaskTreeNode[],
  collapsedIds: ReadonlySet<string>,
  parentId: string | null = null,
  level = 1,
): FlatTreeRow[] {
  return forest.flatMap((node, index) => {
    const hasChildren = node.children.length > 0;
    const isExpanded = hasChildren && !collapsedIds.has(node.id);
    const row: FlatTreeRow = {
      node,
      parentId,
      level,
      index,
      siblingCount: forest.length,
      hasChildren,
      isExpanded,
    };
    return isExpanded ? [row, ...flattenTree(node.children, collapsedIds, node.id, level + 1)] : [row];
  });
}

export function findNode(forest: readonly TaskTreeNode[], id: string): TaskTreeNode | undefined {
  for (const node of forest) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The id of the node's parent: null at the top level, undefined when the node is not in the tree. */
export function findParentId(
  forest: readonly TaskTreeNode[],
  id: string,
  parentId: string | null = null,
): string | null | undefined {
  for (const node of forest) {
    if (node.id === id) return parentId;
    const found = findParentId(node.children, id, node.id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether `id` sits anywhere below `ancestorId`. */
export function isDescendant(forest: readonly TaskTreeNode[], ancestorId: string, id: string): boolean {
  const ancestor = findNode(forest, ancestorId);
  return ancestor ? findNode(ancestor.children, id) !== undefined : false;
}

function childrenOf(forest: readonly TaskTreeNode[], parentId: string | null): readonly TaskTreeNode[] {
  if (parentId === null) return forest;
  return findNode(forest, parentId)?.children ?? [];
}

/** Where a dragged row lands relative to the row under it. */
export type DropPosition = 'before' | 'inside' | 'after';

/** The top and bottom quarters of a row mean "between rows", the middle means "make it a child". */
export function getDropPosition(pointerY: number, rect: { top: number; height: number }): DropPosition {
  if (rect.height <= 0) return 'inside';
  const offset = (pointerY - rect.top) / rect.height;
  if (offset < 0.25) return 'before';
  if (offset > 0.75) return 'after';
  return 'inside';
}

/** A new parent and the index among its children once the moved node is taken out. */
export interface TreePlacement {
  parentId: string | null;
  index: number;
}

export type DropResult =
  | { kind: 'move'; placement: TreePlacement }
  /** Dropped where it already is: nothing to do. */
  | { kind: 'unchanged' }
  /** Under itself or one of its own subtasks. */
  | { kind: 'cycle' };

/**
 * Turns "dropped `activeId` before, inside or after `overId`" into a placement. Dropping just after an
 * expanded parent puts the node first among that parent's children, where the line is drawn.
 */
export function resolveDrop(
  forest: readonly TaskTreeNode[],
  options: { activeId: string; overId: string; position: DropPosition; isOverExpanded: boolean },
): DropResult {
  const { activeId, overId, isOverExpanded } = options;
  if (activeId === overId) return { kind: 'unchanged' };
  if (isDescendant(forest, activeId, overId)) return { kind: 'cycle' };
  const currentParentId = findParentId(forest, activeId);
  const over = findNode(forest, overId);
  const overParentId = findParentId(forest, overId);
  if (currentParentId === undefined || !over || overParentId === undefined) return { kind: 'unchanged' };

  let placement: TreePlacement;
  if (options.position === 'inside') {
    const siblings = over.children.filter((child) => child.id !== activeId);
    placement = { parentId: overId, index: siblings.length };
  } else if (options.position === 'after' && isOverExpanded && over.children.length > 0) {
    placement = { parentId: overId, index: 0 };
  } else {
    const siblings = childrenOf(forest, overParentId).filter((node) => node.id !== activeId);
    const overIndex = siblings.findIndex((node) => node.id === overId);
    placement = { parentId: overParentId, index: overIndex + (options.position === 'after' ? 1 : 0) };
  }

  const currentIndex = childrenOf(forest, currentParentId).findIndex((node) => node.id === activeId);
  if (placement.parentId === currentParentId && placement.index === currentIndex)
    return { kind: 'unchanged' };
  return { kind: 'move', placement };
}

function withoutNode(forest: readonly TaskTreeNode[], id: string): TaskTreeNode[] {
  return forest
    .filter((node) => node.id !== id)
    .map((node) => ({ ...node, children: withoutNode(node.children, id) }));
}

function insertNode(
  forest: readonly TaskTreeNode[],
  moved: TaskTreeNode,
  placement: TreePlacement,
): TaskTreeNode[] {
  const insertAt = (siblings: readonly TaskTreeNode[]) => {
    const next = [...siblings];
    next.splice(Math.max(0, Math.min(placement.index, next.length)), 0, moved);
    return next;
  };
  if (placement.parentId === null) return insertAt(forest);
  return forest.map((node) =>
    node.id === placement.parentId
      ? { ...node, children: insertAt(node.children) }
      : { ...node, children: insertNode(node.children, moved, placement) },
  );
}

/** The tree after moving one node (with its subtree) to a placement; the input is left untouched. */
export function moveNode(
  forest: readonly TaskTreeNode[],
  id: string,
  placement: TreePlacement,
): TaskTreeNode[] {
  const moved = findNode(forest, id);
  if (!moved) return [...forest];
  return insertNode(withoutNode(forest, id), moved, placement);
}

/** A moved node's place, as the re-parent endpoint takes it. */
export type NeighbourPlacement = { afterId: string | null } | { beforeId: string };

/**
 * Names a moved node's place by its neighbours on screen: right after the sibling above it, else right
 * before the one below it, else first. The server resolves them in its own sibling order, so siblings
 * the screen does not show (a list tree shows one list's top-level tasks of all of them) never matter.
 *
 * @param siblingIds the node's siblings on screen after the move, the node included
 */
export function neighbourPlacement(siblingIds: readonly string[], movedId: string): NeighbourPlacement {
  const index = siblingIds.indexOf(movedId);
  const before = index > 0 ? siblingIds[index - 1] : undefined;
  if (before !== undefined) return { afterId: before };
  const after = index >= 0 ? siblingIds[index + 1] : undefined;
  if (after !== undefined) return { beforeId: after };
  return { afterId: null };
}

/** The ids of the moved node's new siblings, itself included, as the screen will show them. */
export function siblingIdsAfterMove(
  forest: readonly TaskTreeNode[],
  movedId: string,
  placement: TreePlacement,
): string[] {
  const moved = moveNode(forest, movedId, placement);
  const siblings = placement.parentId ? (findNode(moved, placement.parentId)?.children ?? []) : moved;
  return siblings.map((node) => node.id);
}

/** Ids of every node that has children, for "expand all". */
export function collectParentIds(forest: readonly TaskTreeNode[]): string[] {
  return forest.flatMap((node) =>
    node.children.length > 0 ? [node.id, ...collectParentIds(node.children)] : [],
  );
}
