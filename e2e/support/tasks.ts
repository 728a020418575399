import type { Locator, Page } from '@playwright/test';

interface Column {
  id: string;
  name: string;
  isDefault: boolean;
  isCompletion: boolean;
}

interface Task {
  id: string;
  title: string;
  columnId: string;
  listId: string | null;
  urgency: 'low' | 'medium' | 'high';
  importance: 'low' | 'medium' | 'high';
  completedAt: string | null;
  dueDate: string | null;
  dueDateHasTime: boolean;
  remindAt: string | null;
  parentId: string | null;
}

/** The tasks API as the signed-in test user, for arranging data and checking what was saved. */
export function tasksApi(page: Page, baseURL: string, accessToken: string) {
  async function call<Body>(method: string, path: string, data?: unknown): Promise<Body> {
    const response = await page.request.fetch(`${baseURL}/api/v1${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}` },
      ...(data !== undefined && { data }),
    });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.status() === 204 ? (undefined as Body) : response.json();
  }
  return {
    createList: (name: string) => call<{ id: string; name: string }>('POST', '/lists', { name }),
    createTask: (body: { title: string } & Partial<Omit<Task, 'id' | 'completedAt'>>) =>
      call<Task>('POST', '/tasks', body),
    getTask: (id: string) => call<Task>('GET', `/tasks/${id}`),
    completeTask: (id: string) => call<Task>('POST', `/tasks/${id}/complete`, {}),
    getColumns: async () => (await call<{ items: Column[] }>('GET', '/columns')).items,
    updateConfig: (body: Record<string, unknown>) => call('PATCH', '/task-manager-config', body),
  };
}

/**
 * Drags with the mouse the way a person does: press, a small move to start the drag, then a few steps
 * to the target's centre. The drag library only starts after the pointer has moved a little.
 */
export async function dragWithMouse(page: Page, source: Locator, target: Locator): Promise<void> {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('drag source or target is not visible');
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + to.width / 2, y: to.y + Math.min(to.height / 2, 80) };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move(start.x + 12, start.y + 12, { steps: 4 });
  await page.mouse.move(end.x, end.y, { steps: 12 });
  await page.mouse.move(end.x + 2, end.y + 2, { steps: 2 });
  await page.mouse.up();
}

/** Resolves when the app's request to `pathEnd` with `method` has been answered. */
export function waitForApi(page: Page, method: string, pathEnd: RegExp) {
  return page.waitForResponse(
    (response) => response.request().method() === method && pathEnd.test(new URL(response.url()).pathname),
  );
}
