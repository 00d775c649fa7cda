/**
 * Free orders on /free (spec §7 free "create order", "free count"): a visitor is sent to sign in;
 * a renter verifies the real name inside the confirm dialog, takes the free rental, gets the login
 * details at once, sees the day's count go down and finds the order tagged 免费 in 我的订单.
 *
 * owner04 is the demo user without real-name verification that no other journey verifies or
 * rents with (renter01 and renter02 must stay unverified for the renting and checkout journeys).
 */
import { expect, test, type Page } from '@playwright/test';
import { loginDialog, signIn, waitForChrome, waitForHydration } from './support';

/**
 * The first offer that can be taken now (an offer outside its listing's rental hours shows why
 * instead), its 免费玩 island scrolled into view and hydrated (client:visible).
 */
async function firstFreeButton(page: Page) {
  const island = page
    .locator('astro-island[component-url*="/FreeOrderButton."]')
    .filter({ has: page.locator('button[data-free-order]:not([disabled])') })
    .first();
  await island.scrollIntoViewIfNeeded();
  await expect(island).not.toHaveAttribute('ssr');
  return island.getByRole('button', { name: /^免费玩/ });
}

test('take a free rental on /free: sign in, verify the real name in the dialog, see the login details, the count goes down', async ({ page }) => {
  // One journey through sign-in, verification, the order and two page loads: more than the default 30 s on a slow machine.
  test.setTimeout(60_000);
  await page.goto('/free');
  await waitForChrome(page);
  await waitForHydration(page, 'FreeCount');
  await expect(page.getByRole('button', { name: '登录后领取免费次数' })).toBeVisible();

  // Signed out, 免费玩 asks for the sign-in first.
  await (await firstFreeButton(page)).click();
  await expect(loginDialog(page)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(loginDialog(page)).toBeHidden();

  await signIn(page, 'owner04', 'owner_pass04');
  const remaining = page.locator('[data-free-remaining]');
  await expect(remaining).toHaveText('1/1');

  const button = await firstFreeButton(page);
  const listingId = await button.getAttribute('data-free-order');
  expect(listingId).toMatch(/^\d+$/);
  await button.click();
  const dialog = page.getByRole('dialog', { name: '免费玩' });
  await expect(dialog.getByText('无押金')).toBeVisible();
  await expect(dialog.getByText('免费', { exact: true })).toBeVisible();
  await expect(dialog.getByText(/^\d+小时，确认后立即开始计时$/)).toBeVisible();

  // The checkout's real-name step: the same verification dialog, then the order goes through.
  await expect(dialog.getByText('根据规定，租号前需完成实名认证。')).toBeVisible();
  await dialog.getByRole('button', { name: '去认证' }).click();
  const realName = page.getByRole('dialog', { name: '实名认证' });
  await realName.getByLabel('真实姓名').fill('李四');
  await realName.getByLabel('身份证号').fill('440305198808084566');
  await realName.getByRole('button', { name: '提交' }).click();
  await expect(realName).toBeHidden();
  await expect(dialog.getByText('根据规定，租号前需完成实名认证。')).toBeHidden();

  await dialog.getByRole('button', { name: '确认免费玩' }).click();
  await expect(dialog.getByText(/免费租号成功，已开始计时/)).toBeVisible();
  await expect(dialog.getByText(`zh_demo_${listingId}`)).toBeVisible();
  await expect(dialog.getByText(/^剩余 \d/)).toBeVisible();
  // The count on the page follows without a reload.
  await expect(remaining).toHaveText('0/1');

  await dialog.getByRole('link', { name: '查看订单' }).click();
  await expect(page).toHaveURL(/\/account\/order\?filter=running$/);
  const card = page.locator('[data-order-no]').filter({ has: page.locator('[data-free-tag]') });
  await expect(card).toHaveCount(1);
  await expect(card.getByText('租赁中')).toBeVisible();
  await expect(card.locator('[data-money="pay"]')).toContainText('¥0.00');
  await card.getByRole('button', { name: '查看账号' }).click();
  await expect(card.getByText(`zh_demo_${listingId}`)).toBeVisible();

  // Back on /free the day's free rental is used: the count says so and the dialog says why.
  await page.goto('/free');
  await expect(remaining).toHaveText('0/1');
  await expect(page.locator(`[data-free-order="${listingId}"]`)).toHaveCount(0);
  await (await firstFreeButton(page)).click();
  const again = page.getByRole('dialog', { name: '免费玩' });
  await expect(again.getByText('今日免费次数已用完，明天再来吧')).toBeVisible();
  await expect(again.getByRole('button', { name: '确认免费玩' })).toBeDisabled();
});
