import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';
import type { TestApp } from './test-app';

/** Small wrappers so task tests read as what a user does. */
export function taskClient(t: TestApp, token: string, timeZone?: string) {
  const headers = timeZone ? { 'x-timezone': timeZone } : {};
  const call = async (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ) => {
    const response = await t.request({
      method,
      url: `/api/v1${url}`,
      token,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    return { status: response.statusCode, body: response.body ? response.json() : undefined };
  };
  return {
    call,
    async createTask(body: Record<string, unknown>) {
      const response = await call('POST', '/tasks', body);
      if (response.status !== 201)
        throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
      return response.body as { id: string; columnId: string; priority: number } & Record<string, unknown>;
    },
    async columns() {
      return (await call('GET', '/columns')).body.items as {
        id: string;
        name: string;
        isDefault: boolean;
        isCompletion: boolean;
      }[];
    },
    async titles(query: string) {
      const response = await call('GET', `/tasks?${query}`);
      if (response.status !== 200)
        throw new Error(`list failed: ${response.status} ${JSON.stringify(response.body)}`);
      return (response.body.items as { title: string }[]).map((task) => task.title);
    },
  };
}

export type TaskClient = ReturnType<typeof taskClient>;

/** A top-level task with `levels` subtasks below it, each under the one before. Ids, top first. */
export async function createChain(api: TaskClient, levels: number, title = 'Level'): Promise<string[]> {
  const ids = [(await api.createTask({ title: `${title} 0` })).id];
  for (let level = 1; level <= levels; level += 1) {
    ids.push((await api.createTask({ title: `${title} ${level}`, parentId: ids.at(-1) })).id);
  }
  return ids;
}

/** Sets a task's parent straight in the database, past every check, as an older version might have left it. */
export async function setParentInDatabase(t: TestApp, options: { taskId: string; parentId: string | null }) {
  await t.database.db.execute(
    sql`update tasks set parent_id = ${options.parentId} where id = ${options.taskId}`,
  );
}

/** Whether walking up the parents from any of the tasks runs into a loop. */
export async function hasParentLoop(t: TestApp, taskIds: string[]): Promise<boolean> {
  const [row] = await queryRows<{ loops: number }>(
    t.database.db,
    sql`with recursive up(id, parent_id) as (
          select id, parent_id from tasks where id in ${taskIds}
          union all
          select p.id, p.parent_id from up join tasks p on p.id = up.parent_id
        ) cycle id set is_loop using path
        select count(*)::int as loops from up where is_loop`,
  );
  return (row?.loops ?? 0) > 0;
}

type TreeNode = { id: string; children: TreeNode[] };

/** The nodes of a nested tree response with their depth, read without recursion. */
export function flattenTree(root: TreeNode): { id: string; depth: number }[] {
  const nodes: { id: string; depth: number }[] = [];
  const stack: { node: TreeNode; depth: number }[] = [{ node: root, depth: 0 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    nodes.push({ id: next.node.id, depth: next.depth });
    for (const child of next.node.children) stack.push({ node: child, depth: next.depth + 1 });
  }
  return nodes;
}
