import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

interface ApiTask {
  id: string;
  title: string;
  parentId: string | null;
  completedAt: string | null;
  deletedAt: string | null;
  archivedAt: string | null;
  dueDate: string | null;
  urgency: string;
  note: string | null;
}

/** The API as the signed-in user, to set up tasks quickly and check what the screens saved. */
function tasksApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  async function send<Body>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<Body> {
    const response = await request.fetch(`${baseURL}/api/v1${path}`, { method, headers, data });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  }
  return {
    create: (title: string, parentId?: string, listId?: string) =>
      send<ApiTask>('POST', '/tasks', { title, ...(parentId && { parentId }), ...(listId && { listId }) }),
    get: (id: string) => send<ApiTask>('GET', `/tasks/${id}`),
    createList: (name: string) => send<{ id: string }>('POST', '/lists', { name }),
    reparent: (id: string, parentId: string | null) =>
      send<ApiTask>('POST', `/tasks/${id}/reparent`, { parentId, position: 0 }),
  };
}

async function openAsNewUserWithApi(page: Page, path = '/') {
  const user = await openAppAsNewUser(page, baseURL, path);
  return tasksApi(page.request, user.tokens.accessToken.token);
}

/**
 * Drags with small pointer steps, as a person does, so the drag library sees a real drag. The middle of
 * a row makes the dragged task its subtask; its top edge places it just before.
 */
async function dragOnto(page: Page, source: Locator, target: Locator, where: 'inside' | 'before' = 'inside') {
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('Both rows must be on screen to drag');
  const targetY = where === 'inside' ? to.y + to.height / 2 : to.y + 3;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 30, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + 40, targetY, { steps: 10 });
  await page.mouse.move(to.x + 42, targetY, { steps: 2 });
  await page.mouse.up();
}

test('checklist items and subtasks added on the task page are kept, with the progress', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const task = await api.create('Paint the hallway');
  await page.goto(`/tasks/${task.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Paint the hallway' })).toBeVisible();
  await expect(page).toHaveTitle('Paint the hallway · Cairn');

  const newItem = page.getByLabel('New checklist item');
  await newItem.fill('Buy paint');
  await newItem.press('Enter');
  await newItem.fill('Sand the walls');
  await newItem.press('Enter');
  await newItem.fill('Play music');
  await newItem.press('Enter');
  const checklist = page.getByRole('list', { name: 'Checklist' });
  await expect(checklist.getByRole('listitem')).toHaveCount(3);
  await page.getByRole('checkbox', { name: 'Done: Buy paint' }).click();
  await page.getByRole('button', { name: 'Actions for “Play music”' }).click();
  await page.getByRole('menuitem', { name: 'Optional' }).click();
  // Optional items do not count towards the progress.
  await expect(page.getByTestId('checklist-progress')).toHaveText('1/2');

  // Reordered from the keyboard: pick up with Space, move with the arrow keys, drop with Space.
  const grip = page.getByRole('button', { name: 'Move “Play music”' });
  await grip.focus();
  await page.keyboard.press('Space');
  // Arrow keys pressed before the drag has started would be lost on a busy machine.
  await expect(grip).toHaveAttribute('aria-pressed', 'true');
  // An arrow key pressed while the list is still being measured for the drag moves nothing, as it would
  // for a person, who presses again: up until the announcement says the top.
  const announcement = page.getByRole('status').filter({ hasText: /Play music/ });
  await expect(async () => {
    if (!(await announcement.textContent())?.includes('position 1 of 3'))
      await page.keyboard.press('ArrowUp');
    await expect(announcement).toContainText('is over position 1 of 3', { timeout: 1000 });
  }).toPass();
  await page.keyboard.press('Space');
  await expect(checklist.getByRole('listitem').first()).toContainText('Play music');

  const newSubtask = page.getByLabel('New subtask');
  await newSubtask.fill('Call the painter');
  await newSubtask.press('Enter');
  await expect(
    page.getByRole('list', { name: 'Subtasks' }).getByRole('link', { name: /Call the painter/ }),
  ).toBeVisible();

  await page.reload();
  await expect(checklist.getByRole('listitem')).toHaveCount(3);
  await expect(checklist.getByRole('listitem').first()).toContainText('Play music');
  await expect(page.getByRole('checkbox', { name: 'Done: Buy paint' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Done: Sand the walls' })).not.toBeChecked();
  await expect(page.getByTestId('checklist-progress')).toHaveText('1/2');
  await page
    .getByRole('list', { name: 'Subtasks' })
    .getByRole('link', { name: /Call the painter/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Call the painter' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Parent tasks' }).getByRole('link')).toHaveText([
    'Paint the hallway',
  ]);
});

test('the title, note, due date and urgency are edited in place and saved', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const task = await api.create('Draft the report');
  await page.goto(`/tasks/${task.id}`);

  await page.getByRole('button', { name: 'Draft the report' }).click();
  await page.getByLabel('Task title').fill('Not this one');
  await page.getByLabel('Task title').press('Escape');
  await expect(page.getByRole('heading', { level: 1, name: 'Draft the report' })).toBeVisible();
  await page.getByRole('button', { name: 'Draft the report' }).click();
  await page.getByLabel('Task title').fill('Write the yearly report');
  await page.getByLabel('Task title').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Write the yearly report' })).toBeVisible();

  await page.getByRole('radio', { name: 'Write' }).click();
  await page
    .getByRole('textbox', { name: 'Note' })
    .fill('Use **last year** as a start.\n\n<script>window.noteScriptRan = true</script>');
  await page.getByRole('radio', { name: 'Preview' }).click();
  const preview = page.getByTestId('note-preview');
  await expect(preview.locator('strong')).toHaveText('last year');
  await expect(preview).toContainText('<script>window.noteScriptRan = true</script>');
  expect(await page.evaluate(() => 'noteScriptRan' in window)).toBe(false);

  await page.getByLabel('Due date', { exact: true }).fill('2030-05-17');
  await page.getByLabel('Due time', { exact: true }).fill('09:30');
  await page.getByLabel('Due time', { exact: true }).blur();
  await page.getByRole('radio', { name: 'High' }).first().click();
  await expect(page.getByRole('radio', { name: 'High' }).first()).toBeChecked();

  await expect
    .poll(async () => {
      const saved = await api.get(task.id);
      return [saved.title, saved.dueDate, saved.urgency, saved.note?.includes('**last year**')];
    })
    // A new user's time zone is UTC.
    .toEqual(['Write the yearly report', '2030-05-17T09:30:00.000Z', 'high', true]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Write the yearly report' })).toBeVisible();
  await expect(page.getByLabel('Due date', { exact: true })).toHaveValue('2030-05-17');
  await expect(page.getByLabel('Due time', { exact: true })).toHaveValue('09:30');
  await expect(page.getByTestId('note-preview').locator('strong')).toHaveText('last year');

  await page.getByRole('button', { name: 'Clear the due date' }).click();
  await expect(page.getByLabel('Due date', { exact: true })).toHaveValue('');
  await expect.poll(async () => (await api.get(task.id)).dueDate).toBeNull();
});

test('completing a parent with an open subtask asks first, then completes both', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const parent = await api.create('Move house');
  const child = await api.create('Pack the books', parent.id);
  await page.goto(`/tasks/${parent.id}`);

  await page.getByRole('checkbox', { name: 'Complete “Move house”' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Complete the subtasks too?' });
  await expect(dialog).toContainText('1 open subtask');
  await dialog.getByRole('button', { name: 'Complete all' }).click();

  await expect(page.getByRole('checkbox', { name: 'Complete “Move house”' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Complete “Pack the books”' })).toBeChecked();
  expect((await api.get(parent.id)).completedAt).not.toBeNull();
  expect((await api.get(child.id)).completedAt).not.toBeNull();
});

test('the tree of a task collapses, expands and re-parents by drag', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const root = await api.create('Launch the website');
  const design = await api.create('Design', root.id);
  await api.create('Pick colours', design.id);
  const content = await api.create('Write content', root.id);
  await page.goto(`/tasks/${root.id}/tree`);

  const tree = page.getByRole('tree', { name: 'Subtasks of Launch the website' });
  const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });
  await expect(tree.getByRole('treeitem')).toHaveCount(4);
  await expect(item('Pick colours')).toHaveAttribute('aria-level', '3');

  await item('Design').focus();
  await page.keyboard.press('ArrowLeft');
  await expect(item('Design')).toHaveAttribute('aria-expanded', 'false');
  await expect(item('Pick colours')).toBeHidden();
  await page.keyboard.press('ArrowRight');
  await expect(item('Design')).toHaveAttribute('aria-expanded', 'true');
  await expect(item('Pick colours')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(item('Pick colours')).toBeFocused();

  await dragOnto(page, item('Write content'), item('Pick colours'));
  await expect(item('Write content')).toHaveAttribute('aria-level', '4');
  await expect.poll(async () => (await api.get(content.id)).parentId).not.toBe(root.id);

  await page.reload();
  await expect(item('Write content')).toHaveAttribute('aria-level', '4');
  await item('Write content').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Write content' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Parent tasks' }).getByRole('link')).toHaveText([
    'Launch the website',
    'Design',
    'Pick colours',
  ]);
});

test('a deleted task waits in the trash, comes back, and can be deleted for good', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const task = await api.create('Renew the passport');
  const other = await api.create('Old idea');
  await page.goto(`/tasks/${task.id}`);

  await page.getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to trash' }).click();
  await expect(page.getByText('This task is in the trash.')).toBeVisible();

  await page.goto('/trash');
  await expect(page.getByRole('heading', { level: 1, name: 'Trash' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Renew the passport' })).toBeVisible();
  await page.getByRole('button', { name: 'Restore “Renew the passport”' }).click();
  await expect(page.getByText('The trash is empty')).toBeVisible();
  await expect.poll(async () => (await api.get(task.id)).deletedAt).toBeNull();

  await page.goto(`/tasks/${other.id}`);
  await page.getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Move to trash' }).click();
  await page.getByRole('button', { name: 'Delete forever' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete forever' }).click();
  await expect(page).toHaveURL(`${baseURL}/trash`);
  await expect(page.getByText('The trash is empty')).toBeVisible();

  await page.goto(`/tasks/${other.id}`);
  await expect(page.getByRole('heading', { name: 'This task does not exist or was deleted' })).toBeVisible();
});

test('an archived task is listed in the archive and comes back', async ({ page }) => {
  const api = await openAsNewUserWithApi(page);
  const task = await api.create('Tax return 2023');
  await page.goto(`/tasks/${task.id}`);

  await page.getByRole('button', { name: 'Task actions' }).click();
  await page.getByRole('menuitem', { name: 'Archive' }).click();
  await expect(page.getByText('This task is archived')).toBeVisible();

  await page.goto('/archive');
  await expect(page.getByRole('link', { name: 'Tax return 2023' })).toBeVisible();
  await page.getByRole('button', { name: 'Unarchive “Tax return 2023”' }).click();
  await expect(page.getByText('Nothing archived')).toBeVisible();
  await expect.poll(async () => (await api.get(task.id)).archivedAt).toBeNull();
});

test("a list's tree reorders by drag, and a move the API refuses goes back with a toast", async ({
  page,
}) => {
  const api = await openAsNewUserWithApi(page);
  // A top-level task of no list comes first in the API's order of all top-level tasks, so a position
  // on this screen is not the same as the position the API is sent.
  await api.create('Call the bank');
  const list = await api.createList('Garden');
  const hedge = await api.create('Trim the hedge', undefined, list.id);
  const roses = await api.create('Plant roses', undefined, list.id);
  const shed = await api.create('Paint the shed', undefined, list.id);
  await page.goto(`/lists/${list.id}/tree`);

  const tree = page.getByRole('tree', { name: 'Tasks of Garden' });
  const item = (name: string) => tree.getByRole('treeitem', { name, exact: true });
  await expect(tree.getByRole('treeitem')).toHaveText(['Trim the hedge', 'Plant roses', 'Paint the shed']);
  await dragOnto(page, item('Paint the shed'), item('Plant roses'), 'before');
  await expect(tree.getByRole('treeitem')).toHaveText(['Trim the hedge', 'Paint the shed', 'Plant roses']);
  await page.reload();
  await expect(tree.getByRole('treeitem')).toHaveText(['Trim the hedge', 'Paint the shed', 'Plant roses']);

  // Meanwhile, elsewhere, the hedge became a subtask of the roses; this screen has not seen it yet.
  await api.reparent(hedge.id, roses.id);
  await dragOnto(page, item('Plant roses'), item('Trim the hedge'));
  await expect(
    page.getByText('A task cannot be placed under itself or one of its own subtasks'),
  ).toBeVisible();
  await expect.poll(async () => (await api.get(roses.id)).parentId).toBeNull();
  await expect(item('Plant roses')).toHaveAttribute('aria-level', '1');
  await expect(item('Trim the hedge')).toHaveAttribute('aria-level', '2');
  expect((await api.get(shed.id)).parentId).toBeNull();
});
