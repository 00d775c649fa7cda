/**
 * Spec §2 modals: the login modal opened from the header; a click on the mask closes it (so does
 * Esc); its layer order value is 1002 and its default width 578.
 */
import { expect, test, type Page } from '@playwright/test';
import { MODAL_DEFAULT_WIDTH_PX, MODAL_Z_INDEX } from '../../src/platform/config/constants';
import { waitForChrome } from './support';

async function openHome(page: Page): Promise<void> {
  await page.goto('/');
  await waitForChrome(page);
}

const headerButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name, exact: true });
const loginDialog = (page: Page) => page.getByRole('dialog', { name: '登录' });

test('header 登录 opens the login dialog on the 扫码登录 tab', async ({ page }) => {
  await openHome(page);
  await headerButton(page, '登录').click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveAttribute('aria-modal', 'true');
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText('扫码登录');
});

test('header 注册 opens the login dialog on the 注册 tab', async ({ page }) => {
  await openHome(page);
  await headerButton(page, '注册').click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText('注册');
});

test('a click on the mask outside the panel closes the modal', async ({ page }) => {
  await openHome(page);
  await headerButton(page, '登录').click();
  await expect(loginDialog(page)).toBeVisible();
  // A corner of the viewport is mask, never panel.
  await page.mouse.click(10, 10);
  await expect(loginDialog(page)).toBeHidden();
});

test('a click inside the panel keeps the modal open', async ({ page }) => {
  await openHome(page);
  await headerButton(page, '登录').click();
  const dialog = loginDialog(page);
  await dialog.getByRole('tab', { name: '短信登录' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { selected: true })).toHaveText('短信登录');
});

test('Esc closes the modal and focus returns to the opener', async ({ page }) => {
  await openHome(page);
  await headerButton(page, '登录').click();
  await expect(loginDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(loginDialog(page)).toBeHidden();
  await expect(headerButton(page, '登录')).toBeFocused();
});

test(`the modal mask is fixed at layer ${MODAL_Z_INDEX} and the panel is ${MODAL_DEFAULT_WIDTH_PX}px wide`, async ({ page }) => {
  await openHome(page);
  await headerButton(page, '登录').click();
  const dialog = loginDialog(page);
  await expect(dialog).toBeVisible();

  const mask = await dialog.evaluate((element) => {
    // The nearest fixed ancestor is the mask that carries the layer order.
    let node: Element | null = element;
    while (node && getComputedStyle(node).position !== 'fixed') node = node.parentElement;
    return node ? { zIndex: getComputedStyle(node).zIndex } : null;
  });
  expect(mask).toEqual({ zIndex: String(MODAL_Z_INDEX) });

  // The desktop viewport (1280px) is wider than the default width, so the panel is exactly that wide.
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(MODAL_DEFAULT_WIDTH_PX);
});
