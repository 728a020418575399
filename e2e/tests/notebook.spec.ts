import type { Locator, Page } from '@playwright/test';
import { serverUrl } from '../support/environment';
import { notesApi } from '../support/notes';
import { dragWithMouse, waitForApi } from '../support/tasks';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

/** A new user on the notebook, with the API as that user to arrange notes and check what was saved. */
async function openNotebook(page: Page, path = '/notebook') {
  const user = await openAppAsNewUser(page, baseURL, path);
  return notesApi(page, baseURL, user.tokens.accessToken.token);
}

const folders = (page: Page) => page.getByRole('region', { name: 'Folders' });
const noteList = (page: Page) => page.locator('section[aria-labelledby="note-list-heading"]');
/** A folder's row in the tree (its link reads its name, then its note count if any), with its subfolders. */
const folderItem = (page: Page, name: string) =>
  folders(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: new RegExp(`^${name}( \\d+ notes?)?$`) }) })
    .first();

async function openFolderMenu(page: Page, name: string) {
  await folders(page)
    .getByRole('button', { name: `Actions for “${name}”` })
    .click();
}

test.describe('notebook', () => {
  test('creates a folder and a note in it, and search finds the note as you type', async ({ page }) => {
    const api = await openNotebook(page);
    await expect(page.getByText('No folders yet.')).toBeVisible();

    await folders(page).getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('alertdialog').getByLabel('Folder name').fill('Research');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Create' }).click();
    await expect(page.locator('#note-list-heading')).toHaveText('Research');
    await expect(folders(page).getByRole('link', { name: 'Research' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    const [folder] = await api.listFolders();
    expect(folder?.name).toBe('Research');

    const created = waitForApi(page, 'POST', /\/api\/v1\/notes$/);
    await noteList(page).getByRole('button', { name: 'New note' }).first().click();
    const note = await (await created).json();
    expect(note.folderId).toBe(folder?.id);
    await expect(page).toHaveURL(new RegExp(`/notebook/${note.id}\\?folder=${folder?.id}`));
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill('Photosynthesis basics');
    await expect(noteList(page).getByRole('link', { name: /Photosynthesis basics/ })).toBeVisible({
      timeout: 15_000,
    });
    await expect(folders(page).getByRole('link', { name: 'Research 1 note', exact: true })).toBeVisible();

    // A partial word finds it, with the matched word highlighted in the passage.
    await api.createNote({ title: 'Garden plan', content: 'Tomatoes need sun for photosynthesis to work.' });
    await noteList(page).getByLabel('Search notes').fill('photosynth');
    await expect(page).toHaveURL(/q=photosynth/);
    const hits = noteList(page).getByRole('listitem');
    await expect(hits).toHaveCount(2);
    const garden = hits.filter({ hasText: 'Garden plan' });
    await expect(garden.getByTestId('note-snippet')).toContainText('Tomatoes need sun for photosynthesis');
    await expect(garden.locator('mark')).toHaveText(['photosynthesis']);
    await expect(page.locator('#note-list-heading')).toHaveText('Search results');

    // Escape clears the search and the folder's notes come back.
    await noteList(page).getByLabel('Search notes').press('Escape');
    await expect(page).not.toHaveURL(/q=/);
    await expect(noteList(page).getByRole('listitem')).toHaveCount(1);
    await expect(noteList(page).getByRole('listitem')).toContainText('Photosynthesis basics');
  });

  test('renames folders and nests them by dragging or with Move to…', async ({ page }) => {
    const api = await openNotebook(page);
    const work = await api.createFolder({ name: 'Work' });
    const archive = await api.createFolder({ name: 'Old stuff' });
    const ideas = await api.createFolder({ name: 'Ideas' });
    await page.reload();

    await openFolderMenu(page, 'Old stuff');
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await page.getByRole('alertdialog').getByRole('textbox').fill('Attic');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();
    await expect(folders(page).getByRole('link', { name: 'Attic' })).toBeVisible();
    await expect
      .poll(async () => (await api.listFolders()).find((f) => f.id === archive.id)?.name)
      .toBe('Attic');

    // Dragging Ideas onto Work nests it there, and Work opens to show it.
    const saved = waitForApi(page, 'PATCH', new RegExp(`/folders/${ideas.id}$`));
    await dragWithMouse(
      page,
      folders(page).getByRole('link', { name: 'Ideas' }),
      folders(page).getByRole('link', { name: 'Work' }),
    );
    expect((await saved).ok()).toBe(true);
    await expect(folderItem(page, 'Work').getByRole('link', { name: 'Ideas' })).toBeVisible();
    await expect(folders(page).getByRole('button', { name: 'Collapse “Work”' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    // Dropping Work into its own subfolder changes nothing.
    await dragWithMouse(
      page,
      folders(page).getByRole('link', { name: 'Work' }),
      folders(page).getByRole('link', { name: 'Ideas' }),
    );
    await expect(folderItem(page, 'Work').getByRole('link', { name: 'Ideas' })).toBeVisible();
    expect((await api.listFolders()).find((f) => f.id === work.id)?.parentId).toBeNull();

    // The keyboard's way: Move to… in the folder's menu; the folder itself and its subfolders are not offered.
    await openFolderMenu(page, 'Attic');
    await page.getByRole('menuitem', { name: 'Move to…' }).press('ArrowRight');
    await expect(page.getByRole('menuitem', { name: 'Attic' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Ideas' }).click();
    await expect(folderItem(page, 'Ideas').getByRole('link', { name: 'Attic' })).toBeVisible();
    await expect
      .poll(async () => (await api.listFolders()).find((f) => f.id === archive.id)?.parentId)
      .toBe(ideas.id);

    // The tree remembers what is open.
    await page.reload();
    await expect(folderItem(page, 'Ideas').getByRole('link', { name: 'Attic' })).toBeVisible();
  });

  test('trashes and restores a note, and favorites show under Favorites', async ({ page }) => {
    const api = await openNotebook(page);
    const keep = await api.createNote({ title: 'Keep me', content: 'Important' });
    await api.createNote({ title: 'Throw me', content: 'Not needed' });
    await page.reload();
    const list = noteList(page);
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await list.getByRole('button', { name: 'Actions for “Throw me”' }).click();
    await page.getByRole('menuitem', { name: 'Move to trash' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('“Throw me” moved to the trash')).toBeVisible();

    await page.getByRole('navigation', { name: 'Notebook' }).getByRole('link', { name: 'Trash' }).click();
    await expect(page.locator('#note-list-heading')).toHaveText('Trash');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('button', { name: 'Actions for “Throw me”' }).click();
    await page.getByRole('menuitem', { name: 'Restore' }).click();
    await expect(page.getByText('No notes in the trash')).toBeVisible();
    await page.getByRole('navigation', { name: 'Notebook' }).getByRole('link', { name: 'All notes' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(2);

    await list.getByRole('button', { name: 'Actions for “Keep me”' }).click();
    await page.getByRole('menuitem', { name: 'Add to favorites' }).click();
    await expect(
      list.getByRole('listitem').filter({ hasText: 'Keep me' }).getByLabel('Favorite'),
    ).toBeVisible();
    await expect.poll(async () => (await api.getNote(keep.id)).isFavorite).toBe(true);
    await page.getByRole('navigation', { name: 'Notebook' }).getByRole('link', { name: 'Favorites' }).click();
    await expect(page.locator('#note-list-heading')).toHaveText('Favorites');
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(list.getByRole('listitem')).toContainText('Keep me');

    // Emptying the trash asks first, then deletes for good.
    const nav = page.getByRole('navigation', { name: 'Notebook' });
    await nav.getByRole('link', { name: 'All notes' }).click();
    await list.getByRole('button', { name: 'Actions for “Throw me”' }).click();
    await page.getByRole('menuitem', { name: 'Move to trash' }).click();
    await nav.getByRole('link', { name: 'Trash' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await list.getByRole('button', { name: 'Empty trash' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Empty trash' }).click();
    await expect(page.getByText('No notes in the trash')).toBeVisible();
    await expect(list.getByRole('button', { name: 'Empty trash' })).toBeDisabled();
    expect(await api.listNotes({ filter: 'trash' })).toEqual([]);
  });

  test('deletes a folder with its notes to the trash and restores them together', async ({ page }) => {
    const api = await openNotebook(page);
    const trips = await api.createFolder({ name: 'Trips' });
    const loose = await api.createNote({ title: 'Loose note' });
    await api.createNote({ title: 'Lisbon', content: 'Tram 28', folderId: trips.id });
    await page.goto(`/notebook?folder=${trips.id}`);
    const list = noteList(page);
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // A note dragged onto a folder moves there.
    const moved = waitForApi(page, 'PATCH', new RegExp(`/notes/${loose.id}$`));
    await page.getByRole('navigation', { name: 'Notebook' }).getByRole('link', { name: 'All notes' }).click();
    await dragWithMouse(
      page,
      list.getByRole('link', { name: /Loose note/ }),
      folders(page).getByRole('link', { name: /^Trips/ }),
    );
    expect((await moved).ok()).toBe(true);
    await expect(folders(page).getByRole('link', { name: 'Trips 2 notes', exact: true })).toBeVisible();
    expect((await api.getNote(loose.id)).folderId).toBe(trips.id);

    await openFolderMenu(page, 'Trips');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Its notes and subfolders go to the trash');
    await confirm.getByRole('button', { name: 'Move to trash' }).click();
    await expect(folders(page).getByRole('link', { name: /^Trips/ })).toHaveCount(0);
    await expect(list.getByRole('listitem')).toHaveCount(0);

    await page.getByRole('navigation', { name: 'Notebook' }).getByRole('link', { name: 'Trash' }).click();
    const deleted = page.getByRole('region', { name: 'Deleted folders' });
    await expect(deleted.getByRole('listitem')).toHaveText(/Trips/);
    // One deletion: both notes share its instant, so their order is by id.
    const trashed = list.getByRole('list', { name: 'Trash' }).getByRole('listitem');
    await expect(trashed).toHaveCount(2);
    await expect(trashed.filter({ hasText: 'Loose note' })).toHaveCount(1);
    await expect(trashed.filter({ hasText: 'Lisbon' })).toHaveCount(1);
    await deleted.getByRole('button', { name: 'Restore “Trips”' }).click();
    await expect(deleted).toHaveCount(0);
    await expect(page.getByText('No notes in the trash')).toBeVisible();
    await expect(folders(page).getByRole('link', { name: 'Trips 2 notes', exact: true })).toBeVisible();
  });

  test('a long list renders only what shows and loads more as it scrolls', async ({ page }) => {
    const api = await openNotebook(page);
    // More than two pages of 50, created oldest first: the list shows the newest first.
    for (let start = 1; start <= 120; start += 20) {
      await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          api.createNote({ title: `Entry ${String(start + index).padStart(3, '0')}` }),
        ),
      );
    }
    await page.reload();
    const list = noteList(page);
    const items = list.getByRole('list', { name: 'All notes' }).getByRole('listitem');
    await expect(items.first()).toBeVisible();
    expect(await items.count()).toBeLessThan(50);

    const pages = [
      waitForApi(page, 'GET', /\/api\/v1\/notes$/),
      waitForApi(page, 'GET', /\/api\/v1\/notes$/),
    ];
    const oldest = list.getByRole('link', { name: /^Entry 001/ });
    await expect(async () => {
      await list
        .getByRole('list', { name: 'All notes' })
        .locator('..')
        .evaluate((element) => {
          element.scrollTop = element.scrollHeight;
        });
      await expect(oldest).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 15_000 });
    await Promise.all(pages);
  });

  test('scrolling the list under a resting pointer fetches none of the notes it passes', async ({ page }) => {
    const api = await openNotebook(page);
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        api.createNote({ title: `Entry ${String(index + 1).padStart(3, '0')}` }),
      ),
    );
    await page.reload();
    const list = noteList(page);
    const scroller = list.getByRole('list', { name: 'All notes' }).locator('..');
    const rows = list.getByRole('link', { name: /^Entry \d{3}/ });
    await expect(rows.first()).toBeVisible();
    const fetched: string[] = [];
    page.on('request', (request) => {
      const match = /\/api\/v1\/notes\/([0-9a-f-]{36})$/.exec(new URL(request.url()).pathname);
      if (request.method() === 'GET' && match) fetched.push(match[1] as string);
    });
    const noteIdOf = async (row: Locator) => (await row.getAttribute('href'))?.split('/').at(-1);

    // Resting on a row preloads its note, as before.
    const box = (await scroller.boundingBox())!;
    const pointer = { x: box.x + box.width / 2, y: box.y + 40 };
    await page.mouse.move(pointer.x, pointer.y);
    const pointedAt = await noteIdOf(rows.first());
    await expect.poll(() => fetched).toEqual([pointedAt]);

    // The wheel moves rows under the pointer, which rests between turns as a reader's does: longer
    // than the delay after which a link under a resting pointer preloads.
    for (let turn = 0; turn < 6; turn++) {
      const before = await scroller.evaluate((element) => element.scrollTop);
      await page.mouse.wheel(0, 120);
      await expect.poll(() => scroller.evaluate((element) => element.scrollTop)).toBeGreaterThan(before);
      await scroller.evaluate(() => new Promise((resolve) => setTimeout(resolve, 120)));
    }
    expect(fetched).toEqual([pointedAt]);

    // Once the list is still, moving the pointer onto the next row preloads that row.
    await expect
      .poll(() =>
        scroller.evaluate(
          (element) =>
            new Promise<boolean>((resolve) => {
              const top = element.scrollTop;
              requestAnimationFrame(() => requestAnimationFrame(() => resolve(element.scrollTop === top)));
            }),
        ),
      )
      .toBe(true);
    // A row's link covers the whole row (its box is only the title's), so the row is measured.
    const noteUnder = (point: { x: number; y: number }) =>
      page.evaluate(({ x, y }) => {
        const link = document.elementFromPoint(x, y)?.closest('a');
        const row = link?.closest('li');
        return link && row
          ? { id: link.getAttribute('href')?.split('/').at(-1), bottom: row.getBoundingClientRect().bottom }
          : null;
      }, point);
    const restingOn = (await noteUnder(pointer))!;
    const next = { x: pointer.x, y: restingOn.bottom + 8 };
    await page.mouse.move(next.x, next.y);
    const movedTo = (await noteUnder(next))!;
    expect(movedTo.id).not.toBe(restingOn.id);
    await expect.poll(() => fetched).toEqual([pointedAt, movedTo.id]);
  });

  test('on a phone shows the list full width, the folders in a sheet, and a note on its own', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const api = await openNotebook(page);
    const folder = await api.createFolder({ name: 'Travel' });
    await api.createNote({ title: 'Packing list', content: 'Passport', folderId: folder.id });
    await page.reload();

    const list = noteList(page);
    await expect(list.getByRole('listitem')).toContainText('Packing list');
    const listBox = await list.boundingBox();
    expect(listBox?.width).toBeGreaterThan(370);
    await expect(page.getByRole('navigation', { name: 'Notebook' })).toBeHidden();

    // A folder's menu works from the sheet: its dialog opens once the sheet has closed.
    await list.getByRole('button', { name: 'Show folders' }).click();
    const sheet = page.getByRole('dialog', { name: 'Folders' });
    await sheet.getByRole('button', { name: 'Actions for “Travel”' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    await expect(sheet).toBeHidden();
    await page.getByRole('alertdialog').getByRole('textbox').fill('Journeys');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Save' }).click();

    await list.getByRole('button', { name: 'Show folders' }).click();
    await sheet.getByRole('link', { name: /^Journeys/ }).click();
    await expect(sheet).toBeHidden();
    await expect(page.locator('#note-list-heading')).toHaveText('Journeys');

    await list.getByRole('link', { name: /Packing list/ }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue('Packing list');
    await expect(list).toBeHidden();
    await page.getByRole('link', { name: 'All notes' }).click();
    await expect(page).toHaveURL(new RegExp(`/notebook\\?folder=${folder.id}`));
    await expect(list.getByRole('listitem')).toContainText('Packing list');
  });
});
