/**
 * Issue 26 "cannot log in" in one click, in a real browser: a new renter rents and pays at the
 * sandbox checkout, opens the login details on the running order, sees 无法登录, reads the full
 * refund in the confirm dialog, reports, and the order is cancelled with everything back in the
 * wallet (资金明细 shows the refund, the deposit and the owner's compensation).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ListingCard } from '../../src/features/catalog/contract/catalog';
import { apiAs, idNumberFor, phoneFor, registerWithPhone, waitForHydration } from './support';

// A registration, a checkout and the orders page on a loaded machine.
test.describe.configure({ timeout: 180_000 });

/**
 * A listing free now, from the expensive end: the report takes it off the shelf, and the other
 * specs pick theirs from the cheap end (sort=price_asc), so they never lose the one they chose.
 */
async function rentableListing(request: APIRequestContext): Promise<ListingCard> {
  const response = await request.get('/api/v1/zuhao/accounts?sort=price_desc&page_size=60');
  const page = ((await response.json()) as { data: { list: ListingCard[] } }).data;
  const card = page.list.find((c) => c.availability === 'normal' && c.bookable_now && c.min_rental_period <= 3 && c.rental_fen > 0 && c.deposit_fen > 0);
  expect(card, 'a rentable listing with a deposit').toBeDefined();
  return card!;
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a renter with a running order sees 无法登录 after opening the login details, and gets everything back at once', async ({ page, request }, testInfo) => {
  const testId = 26_100 + testInfo.workerIndex * 10 + testInfo.retry;
  await registerWithPhone(page, phoneFor(testId), 'lf_renter_pass_2026');
  await apiAs(page, 'POST', '/account/realName', { name: '周七', id_number: idNumberFor(testId) });
  const listing = await rentableListing(request);
  const order = await apiAs<{ order_no: string; total: string }>(page, 'POST', '/order/create', { account_id: listing.id, option: 'hourly', hours: Math.max(1, listing.min_rental_period) });
  const checkout = await apiAs<{ checkout_url: string }>(page, 'POST', '/order/pay', { order_no: order.order_no, channel: 'alipay' });
  await page.goto(checkout.checkout_url);
  await waitForHydration(page, 'SandboxCheckout');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/pay-result\?order_no=R\d+/);

  await page.goto('/account/order?filter=running');
  await waitForHydration(page, 'OrderList');
  const card = page.locator(`[data-order-no="${order.order_no}"]`);
  await expect(card.getByText('租赁中')).toBeVisible();
  // Not before the details were shown: there is nothing to have failed yet.
  await expect(card.getByRole('button', { name: '无法登录' })).toHaveCount(0);
  await card.getByRole('button', { name: '查看账号' }).click();
  await expect(card.getByText(`zh_demo_${listing.id}`)).toBeVisible();
  const report = card.getByRole('button', { name: '无法登录' });
  await expect(report).toBeVisible();
  await shoot(page, 'login-failure-card');

  await report.click();
  const dialog = page.getByRole('dialog', { name: '账号无法登录' });
  await expect(dialog).toBeVisible();
  // The whole payment (rent and deposit) comes back.
  await expect(dialog.locator('[data-login-failure-refund]')).toHaveText(`¥${order.total}`);
  await expect(dialog.getByText(/租赁立即终止/)).toBeVisible();
  await shoot(page, 'login-failure-dialog');
  await dialog.getByRole('button', { name: '确认无法登录' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(new RegExp(`全额退款 ¥${order.total.replace('.', '\\.')}`))).toBeVisible();
  await expect(card.getByText('已取消')).toBeVisible();
  await expect(card.getByText(/已上报无法登录/)).toBeVisible();
  await expect(card.getByRole('button', { name: '无法登录' })).toHaveCount(0);

  await page.goto('/account/fundsDetail');
  await expect(page.getByRole('cell', { name: '取消订单退款' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '押金退还' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '无法登录赔付' }).first()).toBeVisible();
});
