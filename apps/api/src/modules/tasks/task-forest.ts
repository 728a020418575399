import type { TaskTreeNode } from '@cairn/contracts/tasks';

export type TreeRow = {
  id: string;
  parent_id: string | null;
  list_id: string | null;
  title: string;
  completed_at: string | Date | null;
  archived_at: string | Date | null;
  due_date: string | Date | null;
  due_date_has_time: boolean;
};

/**
 * Nests tree rows under their roots, level by level without recursion. Each task is placed once,
 * under the first parent that reaches it, so even rows from a damaged tree cannot nest in a loop.
 */
export function buildForest(rows: readonly TreeRow[], rootIds: readonly string[]): TaskTreeNode[] {
  const toDate = (value: string | Date | null) => (value === null ? null : new Date(value));
  const toNode = (row: TreeRow): TaskTreeNode => ({
    id: row.id,
    title: row.title,
    listId: row.list_id,
    completedAt: toDate(row.completed_at),
    archivedAt: toDate(row.archived_at),
    dueDate: toDate(row.due_date),
    dueDateHasTime: row.due_date_has_time,
    children: [],
  });
  const roots = new Set(rootIds);
  const childrenOf = new Map<string, TreeRow[]>();
  for (const row of rows) {
    if (roots.has(row.id) || !row.parent_id) continue;
    const siblings = childrenOf.get(row.parent_id);
    if (siblings) siblings.push(row);
    else childrenOf.set(row.parent_id, [row]);
  }
  const placed = new Set<string>();
  const forest: TaskTreeNode[] = [];
  const queue: TaskTreeNode[] = [];
  for (const row of rows) {
    if (!roots.has(row.id) || placed.has(row.id)) continue;
    const node = toNode(row);
    placed.add(row.id);
    forest.push(node);
    queue.push(node);
  }
  for (let index = 0; index < queue.length; index += 1) {
    const next = queue[index] as TaskTreeNode;
    for (const row of childrenOf.get(next.id) ?? []) {
      if (placed.has(row.id)) continue;
      const child = toNode(row);
      placed.add(row.id);
      next.children.push(child);
      queue.push(child);
    }
  }
  return forest;
}
