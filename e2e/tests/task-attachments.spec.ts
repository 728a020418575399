import { readFile } from 'node:fs/promises';
import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

test('a file uploaded on the task page is listed, downloads, and can be deleted', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL);
  const headers = { Authorization: `Bearer ${user.tokens.accessToken.token}` };
  const created = await page.request.post(`${baseURL}/api/v1/tasks`, {
    headers,
    data: { title: 'File taxes' },
  });
  expect(created.ok()).toBe(true);
  const task: { id: string } = await created.json();
  const listAttachments = async () => {
    const response = await page.request.get(`${baseURL}/api/v1/attachments?taskId=${task.id}`, { headers });
    return ((await response.json()) as { items: { originalFileName: string }[] }).items;
  };

  await page.goto(`/tasks/${task.id}`);
  const section = page.getByRole('region', { name: 'Attachments' });
  await expect(section.getByText('No files yet.')).toBeVisible();

  const content = 'Receipts for 2026\n';
  await section
    .getByLabel('Upload files')
    .setInputFiles({ name: 'receipts.txt', mimeType: 'text/plain', buffer: Buffer.from(content) });
  const files = section.getByRole('list', { name: 'Files' });
  await expect(files.getByText('receipts.txt')).toBeVisible();
  await expect(files.getByText('18 bytes')).toBeVisible();
  expect((await listAttachments()).map((item) => item.originalFileName)).toEqual(['receipts.txt']);

  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download receipts.txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('receipts.txt');
  expect(await readFile(await download.path(), 'utf8')).toBe(content);

  await section.getByRole('button', { name: 'Delete receipts.txt' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this file?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(section.getByText('No files yet.')).toBeVisible();
  await expect.poll(listAttachments).toEqual([]);

  // Still gone after a reload.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Attachments' }).getByText('No files yet.')).toBeVisible();
});
