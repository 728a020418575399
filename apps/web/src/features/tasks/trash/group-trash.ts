import type { Task } from '@cairn/contracts/tasks';

export interface TrashEntry {
  task: Task;
  /** Trashed descendants shown with it rather than on their own rows. */
  subtaskCount: number;
}

/**
 * Trashing a task trashes its subtasks too; the trash lists each such family once, under the task that was
 * trashed, with a count of what comes back with it. A subtask whose parent is not in the trash has its own
 * row.
 */
export function groupTrash(tasks: readonly Task[]): TrashEntry[] {
  const byId = new Map(tasks.map((task) => [task.id, task]));
  const rootOf = (task: Task): Task => {
    let current = task;
    const seen = new Set<string>();
    while (current.parentId && byId.has(current.parentId) && !seen.has(current.id)) {
      seen.add(current.id);
      current = byId.get(current.parentId) as Task;
    }
    return current;
  };
  const counts = new Map<string, number>();
  for (const task of tasks) {
    const root = rootOf(task);
    if (root.id !== task.id) counts.set(root.id, (counts.get(root.id) ?? 0) + 1);
  }
  return tasks
    .filter((task) => rootOf(task).id === task.id)
    .map((task) => ({ task, subtaskCount: counts.get(task.id) ?? 0 }));
}
