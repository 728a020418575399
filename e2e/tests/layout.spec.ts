import { serverUrl } from '../support/environment';
import { expect, test } from '../support/test';
import { openAppAsNewUser } from '../support/users';

const baseURL = serverUrl('main');

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('navigation opens from the menu button and nothing scrolls sideways', async ({ page }) => {
    await openAppAsNewUser(page, baseURL);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open navigation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Navigation' });
    await dialog.getByRole('link', { name: 'Profile' }).click();

    await expect(page).toHaveURL(`${baseURL}/profile`);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test('the sidebar lists the areas and marks the current one', async ({ page }) => {
  await openAppAsNewUser(page, baseURL, '/profile');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link')).toHaveText([
    'Home',
    'Kanban',
    'Classic list',
    'Importance grid',
    'Swiss cheese',
    'Random task',
    'Rewards',
    'Notebook',
    'Money',
    'Work log',
    'Trackers',
    'Dashboard',
    'Task settings',
    'Profile',
  ]);
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
});

test('the user menu works from the keyboard', async ({ page }) => {
  await openAppAsNewUser(page, baseURL);
  const trigger = page.getByRole('button', { name: 'Account menu' });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(trigger).toBeFocused();
});
