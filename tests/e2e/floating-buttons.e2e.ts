/**
 * Spec §2 floating buttons: online service, launcher download, contact us, complaint suggestion
 * and back to top; hidden on business-invest, register, newuser_ranking, free_order and on routes
 * whose meta hides them (redirect, rank_register).
 */
import { expect, test } from '@playwright/test';
import { routeByName } from '../../src/lib/routes';
import { samplePath, scrollY } from './support';

const LINKS = ['在线客服', '下载', '联系我们', '投诉建议'];
const SHOWN_ON = ['home', 'help', 'download', '404'];
const HIDDEN_ON = ['business-invest', 'register', 'rank_register', 'redirect', 'newuser_ranking', 'free_order'];

for (const name of SHOWN_ON) {
  const path = samplePath(routeByName(name));
  test(`floating buttons are shown on ${name} (${path})`, async ({ page }) => {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: '快捷服务' });
    await expect(nav).toBeVisible();
    for (const label of LINKS) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: '返回顶部' })).toBeVisible();
  });
}

for (const name of HIDDEN_ON) {
  const path = samplePath(routeByName(name));
  test(`floating buttons are hidden on ${name} (${path})`, async ({ page }) => {
    await page.goto(path);
    // The page itself rendered, only the floating buttons are missing.
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '快捷服务' })).toHaveCount(0);
  });
}

test('返回顶部 scrolls the help page back to the top', async ({ page }) => {
  await page.goto('/help');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page), { message: 'the help page is long enough to scroll' }).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: '快捷服务' }).getByRole('button', { name: '返回顶部' }).click();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('on a 390 px phone the floating buttons are one 快捷服务 control that opens on tap', async ({ page }) => {
  // A plain narrow window, not phone emulation (issue 12).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/help');
  const nav = page.getByRole('navigation', { name: '快捷服务' });
  const toggle = nav.getByRole('button', { name: '快捷服务' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  for (const label of LINKS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeHidden();
  // Collapsed it is one control in the corner, not a 300 px column over the text.
  const box = (await toggle.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(56);
  expect(box.x + box.width).toBeLessThanOrEqual(390);

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const label of LINKS) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: '返回顶部' })).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();
  await expect(nav.getByRole('link', { name: '在线客服' })).toBeHidden();
});
