import type { APIRequestContext, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

/** A valid 1×1 PNG (one opaque teal pixel). */
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

interface ApiNote {
  id: string;
  title: string;
  content: string;
  updatedAt: string;
}

/** The notes API as the signed-in user, to set notes up and check what the editor saved. */
function notesApi(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  async function send<Body>(method: 'GET' | 'POST' | 'PATCH', path: string, data?: unknown): Promise<Body> {
    const response = await request.fetch(`${baseURL}/api/v1${path}`, { method, headers, data });
    if (!response.ok())
      throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return response.json();
  }
  return {
    create: (body: { title?: string; content?: string; parentId?: string }) =>
      send<ApiNote>('POST', '/notes', body),
    get: (id: string) => send<ApiNote>('GET', `/notes/${id}`),
    /** A change made elsewhere (another tab, another device): no base version, so it always applies. */
    update: (id: string, body: { title?: string; content?: string }) =>
      send<ApiNote>('PATCH', `/notes/${id}`, body),
  };
}

async function openAsNewUser(page: Page) {
  const user = await openAppAsNewUser(page, baseURL, '/notebook');
  return notesApi(page.request, user.tokens.accessToken.token);
}

const editorOf = (page: Page) => page.getByRole('textbox', { name: 'Note content (Markdown)' });
const saveStateOf = (page: Page) => page.locator('[data-save-state]');

async function typeAtEnd(page: Page, text: string) {
  await editorOf(page).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
}

test('a note typed in the editor is saved and still there after a reload', async ({ page }) => {
  const api = await openAsNewUser(page);
  const note = await api.create({ title: 'Trip to Oslo', content: '' });
  await page.goto(`/notebook/${note.id}`);

  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Trip to Oslo');
  await typeAtEnd(page, '# Packing\n\nWarm **socks**');
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'unsaved');
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'saved');
  await expect(page.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();
  await page.getByRole('radio', { name: 'Preview' }).click();
  await expect(page.getByTestId('note-preview').getByRole('heading', { name: 'Packing' })).toBeVisible();
  await expect(page.getByTestId('note-preview').locator('strong')).toHaveText('socks');

  const title = page.getByRole('textbox', { name: 'Title' });
  await title.fill('Trip to Bergen');
  await title.blur();
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'saved');
  await expect.poll(async () => (await api.get(note.id)).title).toBe('Trip to Bergen');

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Trip to Bergen');
  await expect(editorOf(page)).toContainText('Warm **socks**');
  expect((await api.get(note.id)).content).toBe('# Packing\n\nWarm **socks**');
  // Saved, so no draft is offered.
  await expect(page.getByText('that was never saved')).toHaveCount(0);
});

test('text the server never got is offered back when the note is opened again', async ({ page, context }) => {
  const api = await openAsNewUser(page);
  const note = await api.create({ title: 'Offline', content: 'Start' });
  await page.goto(`/notebook/${note.id}`);
  await expect(editorOf(page)).toHaveText('Start');

  // The network is gone, so the text only lives in the browser.
  await context.setOffline(true);
  await typeAtEnd(page, ' and more');
  await expect(page.getByText(/^Not saved:/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

  // The tab is lost while still offline, as when the system ends a browser in the background: nothing
  // runs on the way out, so the text never reaches the server. (Closing the page would not do: Chromium
  // lifts its emulated offline state for a page being unloaded, and the save on the way out got through.)
  const crashed = page.waitForEvent('crash');
  const devtools = await context.newCDPSession(page);
  void devtools.send('Page.crash').catch(() => undefined);
  await crashed;
  await page.close();
  await context.setOffline(false);
  expect((await api.get(note.id)).content).toBe('Start');
  const reopened = await context.newPage();
  await reopened.goto(`/notebook/${note.id}`);
  // The first page after a crash can take several seconds on a busy machine while the browser tidies up.
  await expect(reopened.getByText('that was never saved')).toBeVisible({ timeout: 20_000 });
  await expect(editorOf(reopened)).toHaveText('Start');

  await reopened.getByRole('button', { name: 'Restore it' }).click();
  await expect(editorOf(reopened)).toHaveText('Start and more');
  await expect(saveStateOf(reopened)).toHaveAttribute('data-save-state', 'saved');
  expect((await api.get(note.id)).content).toBe('Start and more');
  await expect(reopened.getByText('that was never saved')).toHaveCount(0);
});

test('an image uploaded in the panel shows its progress and then inline in the preview', async ({ page }) => {
  const api = await openAsNewUser(page);
  const note = await api.create({ title: 'Holiday', content: 'Look:\n\n' });
  await page.goto(`/notebook/${note.id}`);
  await expect(page.getByText('No files yet.')).toBeVisible();

  // The upload is held back a moment so its progress bar can be seen.
  await page.route('**/api/v1/attachments', async (route) => {
    if (route.request().method() === 'POST') await new Promise((resolve) => setTimeout(resolve, 700));
    await route.fallback();
  });
  await page
    .getByLabel('Upload files')
    .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: ONE_PIXEL_PNG });
  const progress = page.getByRole('progressbar', { name: 'Uploading dot.png' });
  await expect(progress).toBeVisible();
  await expect(progress).toHaveAttribute('aria-valuenow', /^\d+$/);
  await expect(page.getByRole('list', { name: 'Files' }).getByText('dot.png')).toBeVisible();
  await expect(progress).toHaveCount(0);

  await editorOf(page).click();
  await page.keyboard.press('Control+End');
  await page.getByRole('button', { name: 'Insert into note: dot.png' }).click();
  await expect(editorOf(page)).toContainText('![dot.png](attachment:');

  await page.getByRole('radio', { name: 'Split' }).click();
  const image = page.getByTestId('note-preview').getByRole('img', { name: 'dot.png' });
  await expect(image).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(1);

  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'saved');
  await page.reload();
  await page.getByRole('radio', { name: 'Preview' }).click();
  await expect(page.getByTestId('note-preview').getByRole('img', { name: 'dot.png' })).toHaveAttribute(
    'src',
    /^blob:/,
  );
});

test('an image dropped onto the editor is uploaded and put in at the drop', async ({ page }) => {
  const api = await openAsNewUser(page);
  const note = await api.create({ title: 'Dropped', content: 'Before' });
  await page.goto(`/notebook/${note.id}`);
  await expect(editorOf(page)).toHaveText('Before');

  await editorOf(page).evaluate((editor, bytes) => {
    const transfer = new DataTransfer();
    transfer.items.add(new File([new Uint8Array(bytes)], 'drop.png', { type: 'image/png' }));
    const box = editor.getBoundingClientRect();
    editor.dispatchEvent(
      new DragEvent('drop', {
        dataTransfer: transfer,
        bubbles: true,
        cancelable: true,
        clientX: box.right - 4,
        clientY: box.top + 12,
      }),
    );
  }, Array.from(ONE_PIXEL_PNG));

  await expect(editorOf(page)).toContainText(/Before.*!\[drop\.png\]\(attachment:[0-9a-f-]{36}\)/);
  await expect(page.getByRole('list', { name: 'Files' }).getByText('drop.png')).toBeVisible();
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'saved');
  expect((await api.get(note.id)).content).toMatch(/^Before!\[drop\.png\]\(attachment:[0-9a-f-]{36}\)\n$/);
});

test('a file larger than 5 MB is refused before it is sent', async ({ page }) => {
  const api = await openAsNewUser(page);
  const note = await api.create({ title: 'Big' });
  await page.goto(`/notebook/${note.id}`);
  let uploads = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/attachments')) uploads += 1;
  });

  await page.getByLabel('Upload files').setInputFiles({
    name: 'huge.bin',
    mimeType: 'application/octet-stream',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });

  await expect(page.getByText('huge.bin is larger than 5 MB')).toBeVisible();
  expect(uploads).toBe(0);
});

test('script in a note renders inert: no dialog, no script, no handlers', async ({ page }) => {
  const api = await openAsNewUser(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const payload = [
    '# Payloads',
    '<script>window.__xss = 1; alert("script")</script>',
    '<img src="x" onerror="window.__xss = 2; alert(\'onerror\')">',
    '<iframe src="javascript:alert(\'iframe\')"></iframe>',
    '<svg onload="alert(\'svg\')"><script>alert("svg script")</script></svg>',
    '[javascript link](javascript:alert("link"))',
    '[data link](data:text/html,<script>alert("data")</script>)',
    '![bad image](javascript:alert("image"))',
    '<a href="javascript:alert(\'anchor\')">anchor</a>',
    'The end',
  ].join('\n\n');
  const note = await api.create({ title: 'Payloads', content: payload });
  await page.goto(`/notebook/${note.id}`);

  await page.getByRole('radio', { name: 'Preview' }).click();
  const preview = page.getByTestId('note-preview');
  await expect(preview.getByText('The end')).toBeVisible();
  await expect(preview).toContainText('<script>window.__xss = 1;');
  for (const name of ['javascript link', 'data link', 'anchor']) {
    const link = preview.getByText(name, { exact: true });
    if (await link.count()) await link.first().click();
  }

  expect(await preview.locator('script, iframe, object, embed, svg:not(.lucide)').count()).toBe(0);
  expect(await page.locator('[onerror], [onload], [onclick]').count()).toBe(0);
  expect(
    await preview.locator('[href^="javascript:" i], [src^="javascript:" i], [href^="data:" i]').count(),
  ).toBe(0);
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
  await expect(page).toHaveURL(new RegExp(`/notebook/${note.id}$`));
});

test('a change made elsewhere while editing shows the conflict, and each choice works', async ({ page }) => {
  const api = await openAsNewUser(page);
  const note = await api.create({ title: 'Shared', content: 'Base' });
  await page.goto(`/notebook/${note.id}`);
  await expect(editorOf(page)).toContainText('Base');
  const dialog = page.getByRole('dialog', { name: 'This note was changed elsewhere' });
  // The 409 carries their version, so the conflict needs no second read of the note.
  const noteReads: string[] = [];
  page.on('request', (request) => {
    const isNoteRead = new URL(request.url()).pathname === `/api/v1/notes/${note.id}`;
    if (isNoteRead && request.method() === 'GET') noteReads.push(request.url());
  });

  // Keep mine: the editor's text overwrites theirs.
  await api.update(note.id, { content: 'Theirs one' });
  await typeAtEnd(page, ' mine one');
  await expect(dialog).toBeVisible();
  expect(noteReads).toEqual([]);
  await expect(page.getByText('Conflict', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep mine (overwrite)' }).click();
  await expect(dialog).toBeHidden();
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'saved');
  expect((await api.get(note.id)).content).toBe('Base mine one');

  // Take theirs: the editor shows their text and the server keeps it.
  await api.update(note.id, { content: 'Theirs two' });
  await typeAtEnd(page, ' mine two');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Take theirs' }).click();
  await expect(editorOf(page)).toHaveText('Theirs two');
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'saved');
  expect((await api.get(note.id)).content).toBe('Theirs two');

  // Closing the dialog leaves the conflict shown, with a way back to it.
  await api.update(note.id, { content: 'Theirs three' });
  await typeAtEnd(page, ' mine three');
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'conflict');
  await page.getByRole('button', { name: 'Resolve…' }).click();

  // Merge: both versions side by side; the result starts with mine and a marked block of theirs.
  await dialog.getByRole('button', { name: 'Merge…' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge the two versions' });
  await expect(merge.getByLabel('Their version (read only)')).toHaveValue('Theirs three');
  const merged = merge.getByLabel('Merged text');
  await expect(merged).toHaveValue(/^Theirs two mine three\n\n<<<<<<< Their version/);
  await expect(merged).toHaveValue(/Theirs three\n>>>>>>> End of their version\n$/);
  await merged.fill('Theirs three, and mine three');
  await merge.getByRole('button', { name: 'Save merged version' }).click();
  await expect(merge).toBeHidden();
  await expect(editorOf(page)).toHaveText('Theirs three, and mine three');
  await expect(saveStateOf(page)).toHaveAttribute('data-save-state', 'saved');
  expect((await api.get(note.id)).content).toBe('Theirs three, and mine three');
});

test('child notes are listed with links, and a new one opens in the editor', async ({ page }) => {
  const api = await openAsNewUser(page);
  const parent = await api.create({ title: 'Projects' });
  await api.create({ title: 'Garden', parentId: parent.id });
  await page.goto(`/notebook/${parent.id}`);

  const children = page.getByRole('region', { name: 'Child notes' });
  await children.getByRole('link', { name: 'Garden' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Garden');
  await expect(
    page.getByRole('navigation', { name: 'Parent notes' }).getByRole('link', { name: 'Projects' }),
  ).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Parent notes' })
    .getByRole('link', { name: 'Projects' })
    .click();
  await page.getByRole('button', { name: 'New child note' }).click();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('');
  await expect(
    page.getByRole('navigation', { name: 'Parent notes' }).getByRole('link', { name: 'Projects' }),
  ).toBeVisible();
});
