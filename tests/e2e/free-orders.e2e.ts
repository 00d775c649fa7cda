/**
 * Free orders on /free (spec §7 free "create order", "free count"): a visitor is sent to sign in;
 * a renter verifies the real name inside the confirm dialog, takes the free rental, gets the login
 * details at once, sees the day's count go down and finds the order tagged 免费 in 我的订单. Then an
 * operator makes a free-rental coupon template in the console and grants it to that renter alone,
 * who finds it on 我的红包 and uses it at the free checkout for another free rental that day
 * (issue 26 part 4; spec §1 "use free-rental coupons").
 *
 * owner04 is the demo user without real-name verification that no other journey verifies or
 * rents with (renter01 and renter02 must stay unverified for the renting and checkout journeys).
 */
import { expect, test, type Page } from '@playwright/test';
import { loginDialog, OPERATORS, signIn, signInOperator, waitForChrome, waitForHydration } from './support';

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

/** The page at 1280 and 390 px wide, into the test's output folder (looked at, not committed). */
async function shoot(page: Page, name: string, fullPage = true): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('take a free rental on /free: sign in, verify the real name in the dialog, see the login details, the count goes down; then a granted coupon gives another', async ({ page, browser }) => {
  // One journey through sign-in, verification, the order, a console grant and several page loads: more than the default 30 s on a slow machine.
  test.setTimeout(150_000);
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
  await expect(again.getByText('暂无可用的免费租号券')).toBeVisible();
  await expect(again.getByRole('button', { name: '确认免费玩' })).toBeDisabled();
  await again.getByRole('button', { name: '关闭' }).click();

  // An operator makes a one-hour free-rental coupon template and grants it to owner04 alone (a
  // grant to listed usernames reaches nobody else; the coupon is no red envelope, so no checkout's
  // best envelope changes).
  const couponName = `E2E租号券${Date.now() % 1_000_000}`;
  const opsContext = await browser.newContext();
  try {
    const ops = await opsContext.newPage();
    await signInOperator(ops, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/red-packets');
    await waitForHydration(ops, 'OpsForm');
    const create = ops.getByRole('form', { name: '新建红包模板' });
    await create.getByLabel('红包名称').fill(couponName);
    await create.getByLabel('类型').selectOption({ label: '免费租号券（免费专区账号）' });
    await create.getByLabel('免费时长').fill('1');
    await create.getByLabel('有效天数').fill('7');
    await create.getByRole('button', { name: '新建模板' }).click();
    await expect(ops.getByText('已新建红包模板')).toBeVisible();
    await waitForHydration(ops, 'RedPacketGrantForm');
    const grantForm = ops.getByRole('form', { name: '发放红包' });
    const templateSelect = grantForm.getByLabel('红包模板', { exact: true });
    const templateValue = await templateSelect.locator('option', { hasText: `${couponName}（免费租号券 免费玩1小时）` }).getAttribute('value');
    await templateSelect.selectOption(templateValue!);
    await grantForm.getByLabel('指定用户名', { exact: true }).check();
    await grantForm.getByLabel('用户名', { exact: true }).fill('owner04');
    await grantForm.getByRole('button', { name: '预览发放' }).click();
    const confirm = ops.getByRole('dialog', { name: '确认发放红包' });
    await expect(confirm.locator('[data-eligible="1"]')).toBeVisible();
    await confirm.getByRole('button', { name: '确认发放' }).click();
    await expect(ops.locator('[data-grant-row]').first()).toContainText(couponName);
  } finally {
    await opsContext.close();
  }

  // 我的红包 lists the coupon above the envelopes.
  await page.goto('/account/redPacket');
  const couponSection = page.locator('[data-free-coupons]');
  await expect(couponSection.getByRole('heading', { name: /免费租号券/ })).toBeVisible();
  await expect(couponSection.getByText(couponName)).toBeVisible();
  await expect(couponSection.getByRole('link', { name: '去免费专区使用' })).toHaveAttribute('href', '/free');
  await shoot(page, 'red-packets-with-coupon');

  // At the free checkout the coupon is offered (the day's is used) and gives another free hour.
  await page.goto('/free');
  await expect(remaining).toHaveText('0/1');
  const next = await firstFreeButton(page);
  const couponListingId = await next.getAttribute('data-free-order');
  await next.click();
  const withCoupon = page.getByRole('dialog', { name: '免费玩' });
  const choice = withCoupon.getByRole('radio', { name: new RegExp(`免费租号券：${couponName}`) });
  await expect(choice).toBeChecked();
  await expect(withCoupon.getByRole('radio', { name: /今日免费次数/ })).toBeDisabled();
  await expect(withCoupon.getByText('1小时，确认后立即开始计时')).toBeVisible();
  await shoot(page, 'free-dialog-coupon', false);
  await withCoupon.getByRole('button', { name: '使用免费租号券' }).click();
  await expect(withCoupon.getByText(/免费租号成功，已开始计时/)).toBeVisible();
  await expect(withCoupon.getByText(`zh_demo_${couponListingId}`)).toBeVisible();
  // The day's count is the same: the coupon paid this one.
  await expect(remaining).toHaveText('0/1');

  // The coupon is used: 我的红包 says there is none left.
  await page.goto('/account/redPacket');
  await expect(page.locator('[data-free-coupons]').getByText('暂无可用的免费租号券')).toBeVisible();
});
