/**
 * Issue 26 part 2 end to end (docs/decisions.md "Hafu-coin settlement"): a renter rents a
 * hafu-coin account and charges its prepay; the rental ends (sandbox time machine) with the prepay
 * held; the renter reports the coins left on the order card; the listing's owner accepts on 出租订单
 * and both cards show the settlement.
 */
import { expect, test, type Page } from '@playwright/test';
import { AUTH_STORAGE_KEY } from '../../src/platform/stores/auth';
import { apiAs, signIn, waitForHydration } from './support';

test.describe.configure({ timeout: 180_000 });

/** A token call with an Idempotency-Key (apiAs sends none). */
async function keyed<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ path, body, key }) => {
      const token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: { token?: string } }).token?.token;
      const response = await fetch(`/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'Idempotency-Key': `e2e-hafu-${Date.now()}-${Math.random().toString(36).slice(2, 10)}` },
        body: JSON.stringify(body),
      });
      return (await response.json()) as { code: number; msg: string; data: unknown };
    },
    { path, body, key: AUTH_STORAGE_KEY },
  );
  expect(answer.code, `${path}: ${answer.msg}`).toBe(0);
  return answer.data as T;
}

interface Card {
  id: number;
  game_money: number;
  money_exchange_rate: number | null;
  availability?: string;
}

test('a renter reports the coins left on the order card, the owner accepts, both see the settlement', async ({ page, browser }) => {
  await page.goto('/');
  await signIn(page, 'store01', 'store_pass01');

  // A hafu-coin account (under 1M coins: a small prepay) free now, of a demo owner we can sign in as.
  const OWNERS: Record<string, [string, string]> = {
    清风的号铺: ['owner01', 'owner_pass01'],
    夜雨小铺: ['owner02', 'owner_pass02'],
    星河租号: ['owner03', 'owner_pass03'],
    南风杂货铺: ['owner04', 'owner_pass04'],
    星耀租号工作室: ['merchant01', 'merchant_pass01'],
  };
  const hall = await apiAs<{ list: Card[] }>(page, 'GET', '/zuhao/accounts?game_id=1&hafu_tier=lt1m&page_size=60');
  let listing: Card | undefined;
  let owner: [string, string] | undefined;
  for (const card of hall.list.filter((c) => c.game_money > 0 && c.money_exchange_rate && c.availability === 'normal')) {
    const detail = await apiAs<{ merchantInfo: { name: string } }>(page, 'GET', `/detail/account?account_id=${card.id}`);
    owner = OWNERS[detail.merchantInfo.name];
    if (owner) {
      listing = card;
      break;
    }
  }
  expect(listing, 'a seeded hafu-coin listing of a demo owner, free now').toBeDefined();
  const prepayFen = Math.floor((listing!.game_money * 200 + listing!.money_exchange_rate!) / (2 * listing!.money_exchange_rate!));

  // Money for the rent and the prepay through the sandbox gateway (its notify comes with the money sweep).
  const balance = async (): Promise<number> => (await apiAs<{ walletsInfo: { balance_fen: number } }>(page, 'GET', '/account/wallets')).walletsInfo.balance_fen;
  const before = await balance();
  const recharge = await keyed<{ pay_no: string }>(page, '/account/recharge', { amount: '500.00', channel: 'alipay' });
  await page.request.post('/api/v1/sandbox/pay/confirm', { data: { pay_no: recharge.pay_no } });
  await expect.poll(balance, { timeout: 90_000 }).toBeGreaterThan(before);

  const order = await keyed<{ order_no: string }>(page, '/order/create', { account_id: listing!.id, option: 'hourly', hours: 1, red_packet_id: null });
  await keyed(page, '/order/pay', { order_no: order.order_no, channel: 'wallet' });
  await keyed(page, '/detail/chargeAccount', { order_no: order.order_no, amount: (prepayFen / 100).toFixed(2) });
  expect(await apiAs<{ status: number }>(page, 'POST', '/sandbox/orders/fast-forward', { order_no: order.order_no })).toMatchObject({ status: 4 });

  // The renter's card: the prepay held, the report form.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/account/order?order_no=${order.order_no}`);
  await waitForHydration(page, 'OrderList');
  const panel = page.locator(`[data-order-no="${order.order_no}"] [data-hafu-panel="renter"]`);
  await expect(panel.locator('[data-hafu-stage]')).toHaveText('待租客报告剩余哈夫币');
  const left = Math.floor(listing!.game_money / 2);
  await panel.getByLabel(/下线后账号剩余哈夫币/).fill(String(left));
  await panel.getByRole('button', { name: '报告剩余哈夫币' }).click();
  await expect(panel.locator('[data-hafu-stage]')).toHaveText('待号主确认');
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/hafu-renter-1280.png', fullPage: false });
  await page.setViewportSize({ width: 390, height: 844 });
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/hafu-renter-390.png', fullPage: false });

  // The owner accepts on 出租订单.
  const ownerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const ownerPage = await ownerContext.newPage();
  await ownerPage.goto('/');
  await signIn(ownerPage, owner![0], owner![1]);
  await ownerPage.goto(`/seller/orders?order_no=${order.order_no}`);
  await waitForHydration(ownerPage, 'SellerOrders');
  const ownerPanel = ownerPage.locator(`[data-order-no="${order.order_no}"] [data-hafu-panel="owner"]`);
  await expect(ownerPanel.locator('[data-hafu-stage]')).toHaveText('待号主确认');
  await ownerPanel.getByRole('button', { name: '确认租客报告' }).click();
  await expect(ownerPanel.locator('[data-hafu-stage]')).toHaveText('已结算');
  await expect(ownerPanel).toContainText('号主确认租客报告');
  await ownerPanel.scrollIntoViewIfNeeded();
  await ownerPage.screenshot({ path: 'test-results/hafu-owner-1280.png', fullPage: false });
  await ownerContext.close();

  await page.reload();
  await expect(panel.locator('[data-hafu-stage]')).toHaveText('已结算');
});
