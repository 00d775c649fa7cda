/**
 * A renter reviews a finished rental in a real browser: renter01's demo rental of a few days ago
 * (seed-money.ts) waits under 待评价; the order card's 评价 opens the form at once; the stars work
 * from the keyboard; the review then leads 已评价, has its own page, and shows on the listing's
 * detail page as 匿名用户.
 */
import { expect, test } from '@playwright/test';
import { signIn, waitForHydration } from './support';

test('renter01 reviews the finished demo rental: 待评价 → form → 已评价, 评价详情 and the detail page', async ({ page }) => {
  // Sign-in and eight page loads, each hydrating its islands on idle.
  test.setTimeout(60_000);
  const text = `上号很快，和描述一致 e2e-${Date.now().toString(36)}`;

  // The demo rental waits under 待评价.
  await page.goto('/account/assess');
  await signIn(page, 'renter01', 'renter_pass01');
  await waitForHydration(page, 'MyReviews');
  const pending = page.getByRole('list', { name: '待评价订单' }).locator('[data-order-no]');
  await expect(pending).toHaveCount(1);
  const orderNo = await pending.getAttribute('data-order-no');
  const listingHref = await pending.getByRole('heading').getByRole('link').getAttribute('href');
  expect(listingHref).toMatch(/^\/detail\/\d+\.html$/);

  // The card's 评价 goes to /account/assess?order_no= and the form opens at once.
  await page.goto('/account/order?filter=finished');
  await page.locator(`[data-order-no="${orderNo}"]`).getByRole('link', { name: '评价', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/assess\\?order_no=${orderNo}$`));
  const form = page.getByRole('dialog', { name: '发表评价' });
  await expect(form).toBeVisible();
  await expect(form.getByText(`订单号 ${orderNo}`)).toBeVisible();

  // Nothing chosen yet: both mistakes are named.
  await form.getByRole('button', { name: '提交评价' }).click();
  await expect(form.getByText('请选择1-5星评分')).toBeVisible();
  await expect(form.getByText('请填写评价内容')).toBeVisible();

  // Stars by keyboard: the first star has focus after the failed send; two arrows right → 3星.
  await expect(form.getByRole('radio', { name: '1星 非常差' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '3星 一般' })).toBeChecked();
  await page.keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: '4星 满意' })).toBeChecked();

  const content = form.getByLabel('评价内容');
  await content.fill(`  ${text}  `);
  await expect(form.locator('[data-review-count]')).toHaveText(`${Array.from(text).length}/500`);
  await form.getByLabel('匿名评价').check();
  await expect(form.getByText(/其他用户看到的评价人：匿名用户/)).toBeVisible();
  await form.getByRole('button', { name: '提交评价' }).click();

  await expect(form).toBeHidden();
  await expect(page.getByText('评价成功')).toBeVisible();
  await expect(page).toHaveURL(/\/account\/assess\?tab=written$/);
  const written = page.getByRole('list', { name: '已评价' }).getByRole('listitem').first();
  await expect(written.getByText(text)).toBeVisible();
  await expect(written.getByRole('img', { name: '4星' })).toBeVisible();
  await expect(written.getByText('匿名', { exact: true })).toBeVisible();

  // 待评价 is empty now.
  await page.getByRole('tab', { name: '待评价' }).click();
  await expect(page.getByText('暂无待评价的订单')).toBeVisible();

  // 评价详情.
  await page.getByRole('tab', { name: '已评价' }).click();
  await written.getByRole('link', { name: '查看详情' }).click();
  await expect(page).toHaveURL(/\/account\/assessInfo\?id=\d+$/);
  await expect(page.locator('[data-review-content]')).toHaveText(text);
  // Exactly the order number: renter01's 租期已结束 message names the same order and may pop up meanwhile.
  await expect(page.getByText(orderNo!, { exact: true })).toBeVisible();
  await expect(page.getByText(/匿名用户（匿名评价/)).toBeVisible();

  // The order card now offers 查看评价 instead of 评价.
  await page.goto('/account/order?filter=finished');
  const reviewedCard = page.locator(`[data-order-no="${orderNo}"]`);
  await expect(reviewedCard.getByRole('link', { name: '查看评价' })).toBeVisible();
  await expect(reviewedCard.getByRole('link', { name: '评价', exact: true })).toHaveCount(0);

  // Everyone sees it on the listing's page, newest first, as 匿名用户.
  await page.goto(listingHref!);
  const section = page.getByRole('region', { name: '用户评价' });
  await section.scrollIntoViewIfNeeded();
  const first = section.getByRole('list', { name: '评价列表' }).getByRole('listitem').first();
  await expect(first.getByText(text)).toBeVisible();
  await expect(first.getByText('匿名用户')).toBeVisible();
  await expect(first.getByRole('img', { name: '4星' })).toBeVisible();
});
