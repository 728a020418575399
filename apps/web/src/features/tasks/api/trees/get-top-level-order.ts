import type { Task } from '@cairn/contracts/tasks';
import { getAllTasks } from '../tasks/get-tasks';

/**
 * Every top-level task id in the order the API places siblings (priority, then id), archived ones
 * included since the API counts them among siblings too. A list's tree needs it to turn an on-screen
 * position into the API's position among all top-level tasks.
 */
export async function getTopLevelOrder({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  const [current, archived] = await Promise.all([
    getAllTasks({ parentId: 'none', status: 'all', sort: 'position' }, { signal }),
    getAllTasks({ parentId: 'none', status: 'all', sort: 'position', view: 'archived' }, { signal }),
  ]);
  return [...current, ...archived].sort(compareSiblingOrder).map((task) => task.id);
}

function compareSiblingOrder(a: Pick<Task, 'priority' | 'id'>, b: Pick<Task, 'priority' | 'id'>): number {
  if (a.priority !== b.priority) return a.priority - b.priority;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
