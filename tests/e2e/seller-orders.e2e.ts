/**
 * The seller's orders and earnings (issue 13 "Orders, earnings, payouts"): the demo owner of the
 * listing renter01 rented a few days ago (src/app/seed/money.ts: finished, its hold long over,
 * so the server's money sweep has released it) opens /seller/orders and sees the order with the
 * renter masked, then /seller/earnings and sees the released money, the chart and the listing.
 * Which demo shop owns that listing depends on the seed, so the test reads it from the detail page.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS } from '../../src/app/seed/demo';
import { signIn, waitForHydration } from './support';

const SELLERS = Object.values(DEMO_USERS).filter((user): user is Extract<(typeof DEMO_USERS)[keyof typeof DEMO_USERS], { shop: object }> => 'shop' in user);

/** renter01's finished rental: its order number and listing id, from 我的订单 (已完成). */
async function finishedRental(page: Page): Promise<{ orderNo: string; listingId: number }> {
  await page.goto('/account/order?filter=finished');
  await signIn(page, DEMO_USERS.renter.username, DEMO_USERS.renter.password);
  const card = page.locator('article[data-order-no]').first();
  await expect(card).toBeVisible();
  const orderNo = (await card.getAttribute('data-order-no'))!;
  const href = (await card.getByRole('link').first().getAttribute('href'))!;
  const listingId = Number(/\/detail\/(\d+)\.html/.exec(href)![1]);
  return { orderNo, listingId };
}

async function signOut(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

test('the demo owner sees the finished rental with the renter masked, and its released earnings', async ({ page, request }) => {
  // Two sign-ins and four pages: more than the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  const { orderNo, listingId } = await finishedRental(page);
  const detail = await (await request.get(`/detail/${listingId}.html`)).text();
  const owner = SELLERS.find((user) => detail.includes(user.shop.name));
  expect(owner, 'a demo shop owns the rented listing').toBeDefined();
  await signOut(page);

  // The shop's own history (seed history.ts) fills 已完成 with the players' rentals: the order is
  // opened by its number, as the seller's notification links do.
  await page.goto(`/seller/orders?order_no=${orderNo}`);
  await signIn(page, owner!.username, owner!.password);
  await waitForHydration(page, 'SellerOrders');
  const card = page.locator(`article[data-order-no="${orderNo}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator('[data-renter]')).toHaveText('租客***');
  await expect(card).not.toContainText(DEMO_USERS.renter.nickname);
  await expect(card).not.toContainText(DEMO_USERS.renter.username);
  await expect(card.locator('[data-earning-status]')).toHaveAttribute('data-earning-status', 'released');
  await expect(card.locator('[data-money="seller"]')).toContainText('¥');

  await page.getByRole('navigation', { name: '卖家中心' }).getByRole('link', { name: '收益结算' }).first().click();
  await expect(page).toHaveURL(/\/seller\/earnings$/);
  await waitForHydration(page, 'SellerEarningsPanel');
  const figures = page.locator('[data-earnings-figures]');
  const released = figures.getByText('已结算').locator('..');
  await expect(released).toBeVisible();
  await expect(released.locator('dd').first()).not.toHaveText('¥0.00');
  await expect(page.getByRole('img', { name: '近30天收益' })).toBeVisible();
  await expect(page.getByRole('link', { name: '提现' })).toHaveAttribute('href', '/account/Withdraw');
  await expect(page.locator('[data-hold-hours]')).toContainText('小时');
  // Per-listing figures, most earned first: the shop's history (seed history.ts) puts other
  // listings ahead of this one, so the first row is checked for earnings, not this listing's place.
  const firstRow = page.locator('tr[data-listing-id]').first();
  await expect(firstRow).toBeVisible();
  await expect(firstRow).toContainText('¥');
});
