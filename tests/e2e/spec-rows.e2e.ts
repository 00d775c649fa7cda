/**
 * Issue 28 "the last spec rows": the spec §8 toasts of the account pages where their conditions
 * happen, the game list read through rentalHall/gameList and its data.url file (spec §7), and the
 * login details on the pay result whether the renter paid on the detail page or in 我的订单.
 */
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ListingCard } from '../../src/features/catalog/types';
import { apiAs, loginDialog, passwordLogin, phoneFor, registerWithPhone, verifyAndRecharge, shootBothWidths, waitForChrome, waitForHydration } from './support';

// A loaded 2-core machine: sign-ins, toasts and screenshots take their time.
test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

/**
 * Signs renter01 in on the home page, so the page under test mounts signed in (its toast is the
 * last one). Waits for the header's user menu, not the 3 s 登录成功！ toast a loaded machine can miss.
 */
async function signedInRenter(page: Page): Promise<void> {
  await page.goto('/');
  await waitForChrome(page);
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await loginDialog(page).getByRole('tab', { name: '账号登录' }).click();
  await passwordLogin(page, 'renter01', 'renter_pass01');
  await expect(page.getByRole('banner').getByRole('button', { name: '租号玩家01' })).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first();

test('spec §8: 找相似 without an account says 未获取到账号id', async ({ page }) => {
  await signedInRenter(page);
  await page.goto('/account/account_besimilar');
  await expect(toast(page, '未获取到账号id')).toBeVisible();
  await expect(page.getByText('请在账号详情页或我的订单中点击「找相似」')).toBeVisible();
});

test('spec §8: 我的订单 sent an unreadable order_no says 订单信息缺失 and shows the list', async ({ page }) => {
  await signedInRenter(page);
  await page.goto('/account/order?order_no=%20');
  await expect(toast(page, '订单信息缺失')).toBeVisible();
  await expect(page.getByRole('tablist', { name: '订单状态' })).toBeVisible();
  // A readable one is the single-order view, without the toast.
  await page.goto('/account/order?order_no=R000000000000');
  // (the server's 404 says 订单不存在 as a toast too: the page's own line is the one checked)
  await expect(page.locator('#main').getByText('订单不存在')).toBeVisible();
  await expect(page.getByText('订单信息缺失')).toHaveCount(0);
});

test('spec §8: a failed user-info call on 个人中心 says 获取用户信息失败', async ({ page }) => {
  await signedInRenter(page);
  await page.route('**/api/v1/common/userInfo', (route) => route.fulfill({ status: 502, contentType: 'application/json', body: JSON.stringify({ code: 1, msg: '服务器出错', data: null }) }));
  await page.goto('/account/personal');
  await expect(toast(page, '获取用户信息失败')).toBeVisible();
  // One toast at a time (spec §9): the spec's words, not the server's.
  await expect(page.getByText('服务器出错')).toHaveCount(0);
});

test('spec §7: 发布任务 reads rentalHall/gameList, then GETs its data.url without a token, and offers those games', async ({ page, request }) => {
  const games = await apiData<{ id: number; name: string }[]>(request, '/api/v1/zuhao/games');
  const wanted = games[games.length - 1]!;
  await signedInRenter(page);
  const listCall = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/v1/rentalHall/gameList');
  const fileCall = page.waitForRequest((req) => new URL(req.url()).pathname === '/api/v1/rentalHall/games.json');
  await page.goto(`/task-publish?game_id=${wanted.id}`);
  const answer = (await (await listCall).json()) as { code: number; data: { url: string } };
  expect(answer).toMatchObject({ code: 0, data: { url: '/api/v1/rentalHall/games.json' } });
  const file = await fileCall;
  expect(file.headers()['authorization']).toBeUndefined();
  const fileResponse = await file.response();
  expect(Array.isArray(await fileResponse!.json())).toBe(true);

  await waitForHydration(page, 'TaskPublishForm');
  const select = page.getByRole('form', { name: '发布求租任务' }).getByLabel('游戏');
  await expect(select.locator('option')).toHaveCount(games.length + 1);
  await expect(select).toHaveValue(String(wanted.id));

  // What the file holds is what the select offers: a file that is not an array is a failure.
  await page.route('**/api/v1/rentalHall/games.json', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: '{"list":[]}' }));
  await page.reload();
  await expect(page.getByText('获取游戏列表失败')).toBeVisible();
  await expect(select.locator('option')).toHaveCount(1);
});

/** Two listings rentable now for an hour, cheap enough for one recharge, with their order totals. */
async function twoCheapListings(request: APIRequestContext): Promise<ListingCard[]> {
  const page = await apiData<{ list: ListingCard[] }>(request, '/api/v1/zuhao/accounts?sort=price_asc&page_size=60');
  const cards = page.list.filter((c) => c.availability === 'normal' && c.bookable_now && c.min_rental_period <= 1 && c.rental_fen > 0 && c.rental_fen + c.deposit_fen <= 8_000);
  // Late in the list: other suites rent the cheapest first.
  const picked = cards.slice(-2);
  expect(picked, 'two cheap rentable listings').toHaveLength(2);
  return picked;
}

async function expectLoginDetails(page: Page, listing: ListingCard): Promise<void> {
  await expect(page).toHaveURL(/\/pay-result\?order_no=R\d+/);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
  const details = page.getByRole('region', { name: '账号信息' });
  await expect(details.getByText(`zh_demo_${listing.id}`)).toBeVisible();
  // Masked until 显示, with 复制 for both lines and the countdown.
  await expect(details.locator('[data-password-shown="false"]')).toHaveText('••••••••');
  await expect(details.getByRole('button', { name: '复制账号' })).toBeVisible();
  await expect(details.getByRole('button', { name: '复制密码' })).toBeVisible();
  await expect(details.getByText(/^剩余 \d/)).toBeVisible();
  await details.getByRole('button', { name: '显示密码' }).click();
  await expect(details.locator('[data-password-shown="true"]')).not.toHaveText('••••••••');
}

test('after paying, on the detail page or in 我的订单, the pay result shows the login details', async ({ page, request }, testInfo) => {
  const testId = 28_280_000 + testInfo.workerIndex * 10 + testInfo.retry;
  await registerWithPhone(page, phoneFor(testId), 'spec_rows_pass_2026');
  await verifyAndRecharge(page, testId, '陈八', '200');
  // A recharge has no login details.
  await expect(page.getByRole('region', { name: '账号信息' })).toHaveCount(0);
  const [fromDetail, fromList] = await twoCheapListings(request);

  // 1. The detail page's checkout, paid from the balance.
  await page.goto(`/detail/${fromDetail!.id}.html`);
  await waitForHydration(page, 'RentalPicker');
  await page.locator('[data-rental-picker]').getByRole('button', { name: '立即租号' }).click();
  const checkout = page.getByRole('dialog', { name: '确认订单' });
  await checkout.getByRole('radio', { name: /余额支付/ }).check();
  await checkout.getByRole('button', { name: '提交订单' }).click();
  await expectLoginDetails(page, fromDetail!);
  await shootBothWidths(page, 'pay-result-credentials');

  // 2. An unpaid order paid from 我的订单 lands on the same pay result.
  const order = await apiAs<{ order_no: string }>(page, 'POST', '/order/create', { account_id: fromList!.id, option: 'hourly', hours: 1 });
  await page.goto('/account/order');
  await waitForHydration(page, 'OrderList');
  await page.locator(`[data-order-no="${order.order_no}"]`).getByRole('button', { name: '去支付' }).click();
  const pay = page.getByRole('dialog', { name: /支付/ });
  await pay.getByRole('radio', { name: /余额支付/ }).check();
  await pay.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(new RegExp(`/pay-result\\?order_no=${order.order_no}$`));
  await expectLoginDetails(page, fromList!);
});

