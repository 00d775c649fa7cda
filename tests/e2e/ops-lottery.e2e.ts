/**
 * 抽奖奖品 in the browser against the production build: yy01 (operations) opens the screen from the
 * menu, lowers the 50金币 prize's stock by one and reads the saved figure after the reload; the
 * 谢谢参与 prize cannot be limited (the server's message shows beside the form). Screenshots at 1280
 * and 390 px without sideways scrolling.
 */
import { expect, test, type Page } from '@playwright/test';
import { MSG_LOTTERY_PRIZE_KEEP_UNLIMITED } from '../../src/features/campaigns/contract/ops-campaigns';
import { OPERATORS, signInOperator, waitForAllHydrated } from './support';

test.describe.configure({ timeout: 120_000 });

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

test('yy01 sets a lottery prize stock; the last unlimited prize stays unlimited', async ({ page }, testInfo) => {
  await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password);
  await page.getByRole('navigation', { name: '后台菜单' }).getByRole('link', { name: '抽奖奖品' }).click();
  await expect(page).toHaveURL(/\/ops\/lottery$/);
  await waitForAllHydrated(page, 'OpsForm');

  const fifty = page.getByRole('region', { name: '50金币' });
  const stockText = (await fifty.locator('[data-stock]').textContent())!.trim();
  const stock = Number(stockText);
  expect(Number.isInteger(stock) && stock > 0, stockText).toBe(true);
  const form = fifty.getByRole('form', { name: '50金币 库存与权重' });
  await form.getByLabel('剩余库存').fill(String(stock - 1));
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.locator('#ops-flash')).toHaveText('已保存 50金币');
  await expect(page.getByRole('region', { name: '50金币' }).locator('[data-stock]')).toHaveText(String(stock - 1));

  await waitForAllHydrated(page, 'OpsForm');
  const thanks = page.getByRole('form', { name: '谢谢参与 库存与权重' });
  await thanks.getByLabel('剩余库存').fill('100');
  await thanks.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('region', { name: '谢谢参与' })).toContainText(MSG_LOTTERY_PRIZE_KEEP_UNLIMITED);
  await page.reload();
  await expect(page.getByRole('region', { name: '谢谢参与' }).locator('[data-stock]')).toHaveText('不限量');

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.reload();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath(`ops-lottery-${width}.png`), fullPage: true });
  }
});
