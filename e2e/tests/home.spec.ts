import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

test('the chosen default view is saved to the task manager settings', async ({ page }) => {
  const user = await openAppAsNewUser(page, baseURL);
  await expect(page.getByRole('radio', { name: /This home page/ })).toBeChecked();

  const saved = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/v1/task-manager-config') && response.request().method() === 'PATCH',
  );
  await page.getByRole('main').getByText('Kanban', { exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByRole('radio', { name: /Kanban/ })).toBeChecked();

  const config = await page.request.get(`${baseURL}/api/v1/task-manager-config`, {
    headers: { Authorization: `Bearer ${user.tokens.accessToken.token}` },
  });
  expect((await config.json()).defaultView).toBe('kanban');
});

test('when the settings cannot be fetched, the home page stays with a toast', async ({ page }) => {
  // The settings come with the start-up read, and a retry asks for them alone: both fail.
  await page.route(/\/api\/v1\/(task-manager-config|start-up)$/, (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await openAppAsNewUser(page, baseURL);

  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(
    page.getByText('Could not fetch task manager config (500 Internal Server Error)'),
  ).toBeVisible();
  await expect(page.getByText('Your default view could not be loaded.')).toBeVisible();
});
