import { SWISS_SMALL_HOLE_MINUTES, type SwissHole } from '@cairn/contracts/task-planning';

/**
 * The Swiss-cheese method: a big task is worked through its small holes. This deals them in order:
 * open checklist items first (the smallest steps), then open leaf subtasks of 15 minutes or less,
 * then the other open leaf subtasks, each group in tree order (depth first, siblings by position).
 * A subtask with open subtasks of its own is not a hole: its leaves are.
 */

export type DeckTask = {
  id: string;
  parentId: string | null;
  title: string;
  estimatedTime: number | null;
  isCompleted: boolean;
};
export type DeckChecklistItem = { id: string; taskId: string; title: string; isCompleted: boolean };

export type SwissDeckParts = { holes: SwissHole[]; progress: { done: number; total: number } };

/** `tasks` holds the big task and its subtasks, siblings in their order; `items` their checklists. */
export function buildSwissDeck(options: {
  rootId: string;
  tasks: readonly DeckTask[];
  items: readonly DeckChecklistItem[];
}): SwissDeckParts {
  const children = new Map<string, DeckTask[]>();
  for (const task of options.tasks) {
    if (task.id === options.rootId || task.parentId === null) continue;
    children.set(task.parentId, [...(children.get(task.parentId) ?? []), task]);
  }
  const itemsByTask = new Map<string, DeckChecklistItem[]>();
  for (const item of options.items)
    itemsByTask.set(item.taskId, [...(itemsByTask.get(item.taskId) ?? []), item]);

  const checklistHoles: SwissHole[] = [];
  const smallHoles: SwissHole[] = [];
  const otherHoles: SwissHole[] = [];
  let done = 0;
  let total = 0;

  const visit = (task: DeckTask, path: string[]) => {
    const isRoot = task.id === options.rootId;
    const below = children.get(task.id) ?? [];
    if (!isRoot) {
      total += 1;
      if (task.isCompleted) done += 1;
    }
    const pathBelowRoot = isRoot ? [] : [...path, task.title];
    for (const item of itemsByTask.get(task.id) ?? []) {
      total += 1;
      if (item.isCompleted || task.isCompleted) {
        done += 1;
        continue;
      }
      checklistHoles.push({
        kind: 'checklistItem',
        id: item.id,
        taskId: task.id,
        title: item.title,
        estimatedTime: null,
        path: pathBelowRoot,
      });
    }
    const isLeaf = below.every((child) => child.isCompleted);
    if (!isRoot && !task.isCompleted && isLeaf) {
      const hole: SwissHole = {
        kind: 'subtask',
        id: task.id,
        taskId: task.id,
        title: task.title,
        estimatedTime: task.estimatedTime,
        path,
      };
      const isSmall = task.estimatedTime !== null && task.estimatedTime <= SWISS_SMALL_HOLE_MINUTES;
      (isSmall ? smallHoles : otherHoles).push(hole);
    }
    for (const child of below) visit(child, pathBelowRoot);
  };

  const root = options.tasks.find((task) => task.id === options.rootId);
  if (root) visit(root, []);
  return { holes: [...checklistHoles, ...smallHoles, ...otherHoles], progress: { done, total } };
}
