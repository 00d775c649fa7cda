/**
 * Issue 16 journeys: the wanted board (renter01 publishes a task on /task-publish, owner01 offers one
 * of their listed accounts, renter01 sees the offer, accepts it and pays from the wallet in the
 * usual dialog), and the investment form on /business-invest down to its thank-you. Screens are
 * photographed at 1280 and 390 px wide and checked for sideways scrolling.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { ListingCard } from '../../src/features/catalog/types';
import { apiAs, OPERATORS, signIn, signInOperator, waitForAllHydrated, waitForHydration } from './support';

// Two browsers, a dozen pages and eight full-page screenshots: well past the default on a loaded machine.
test.describe.configure({ timeout: 300_000 });

const OWNER_SHOP = '清风的号铺';

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  return ((await response.json()) as { data: T }).data;
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** One of owner01's accounts that can be rented right now for a few hours. */
async function ownerListing(request: APIRequestContext): Promise<ListingCard> {
  const shops = await apiData<{ list: { id: number; name: string }[] }>(request, '/api/v1/shops?page_size=50');
  const shop = shops.list.find((candidate) => candidate.name === OWNER_SHOP);
  expect(shop, `the shop ${OWNER_SHOP}`).toBeDefined();
  const listings = await apiData<{ list: ListingCard[] }>(request, `/api/v1/shop/accounts?id=${shop!.id}&page_size=50`);
  const card = listings.list.find((candidate) => candidate.availability === 'normal' && candidate.bookable_now && candidate.min_rental_period <= 3);
  expect(card, 'a bookable listing of owner01').toBeDefined();
  return card!;
}

test('renter01 publishes a task, owner01 offers an account, renter01 accepts and pays from the wallet', async ({ page, browser, request }) => {
  const listing = await ownerListing(request);
  const requirements = `想租${listing.game_name}账号，皮肤越多越好 ${Date.now().toString(36)}`;

  await page.goto('/task-publish');
  await signIn(page, 'renter01', 'renter_pass01');
  await waitForHydration(page, 'TaskPublishForm');
  const form = page.getByRole('form', { name: '发布求租任务' });
  await form.getByRole('button', { name: '发布任务' }).click();
  await expect(form.getByText('请选择游戏')).toBeVisible();
  await expect(form.getByText('请填写账号要求（至少4个字）')).toBeVisible();
  await expect(form.getByText('每小时预算须在0.10元到500.00元之间')).toBeVisible();
  await shoot(page, 'task-publish-errors');

  await form.getByLabel('游戏').selectOption({ label: listing.game_name });
  await form.getByLabel('账号要求').fill(requirements);
  await form.getByLabel('每小时预算（元）').fill('50');
  await form.getByLabel('租用时长（小时）').fill('3');
  await form.getByRole('button', { name: '发布任务' }).click();
  await expect(page).toHaveURL(/\/task\?id=\d+$/);
  const taskUrl = page.url();
  await expect(page.getByRole('heading', { name: `求租 ${listing.game_name} 账号` })).toBeVisible();
  await expect(page.getByText('还没有号主报价，请耐心等待')).toBeVisible();

  await page.goto(`/task?game_id=${listing.game_id}`);
  // In the hall's cards: once 我的任务 hydrates above them, the renter's own task is linked there too.
  await expect(page.locator('[data-task-card]').getByRole('link', { name: new RegExp(requirements) })).toBeVisible();
  await shoot(page, 'task-hall');

  // owner01 offers one of their accounts, in their own browser.
  const ownerContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  await owner.goto(taskUrl);
  await signIn(owner, 'owner01', 'owner_pass01');
  await waitForHydration(owner, 'TaskOffers');
  const offerForm = owner.getByRole('form', { name: '参与报价' });
  await offerForm.getByLabel('报价账号').selectOption(String(listing.id));
  await offerForm.getByLabel('每小时报价（元）').fill('60');
  await offerForm.getByRole('button', { name: '提交报价' }).click();
  await expect(offerForm.getByText('报价不能高于任务的每小时预算')).toBeVisible();
  await offerForm.getByLabel('每小时报价（元）').fill('1.5');
  await offerForm.getByLabel('备注（选填）').fill('随时可上号');
  await offerForm.getByRole('button', { name: '提交报价' }).click();
  await expect(owner.locator('[data-offer]').getByText('“随时可上号”')).toBeVisible();
  await shoot(owner, 'task-offer-seller');
  await ownerContext.close();

  // renter01 sees the offer; the real-name check of any rental applies on the way.
  const me = await apiAs<{ is_real_name?: boolean }>(page, 'GET', '/common/userInfo');
  if (me.is_real_name !== true) await apiAs(page, 'POST', '/account/realName', { name: '张三', id_number: '11010519491231002X' });
  await page.goto(taskUrl);
  await waitForHydration(page, 'TaskOffers');
  const offer = page.locator('[data-offer]');
  await expect(offer).toHaveCount(1);
  await expect(offer.getByText('¥1.50')).toBeVisible();
  await expect(offer.getByText('共 ¥4.50')).toBeVisible();
  await shoot(page, 'task-offers-owner');
  await offer.getByRole('button', { name: '接受报价' }).click();

  const pay = page.getByRole('dialog', { name: /支付/ });
  await expect(pay).toBeVisible();
  await pay.getByRole('radio', { name: /余额支付/ }).check();
  await pay.getByRole('button', { name: '确认支付' }).click();
  await expect(page).toHaveURL(/\/pay-result\?order_no=R\d+/);
  await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order_no')!;

  await page.goto(taskUrl);
  await expect(page.getByText('已成交')).toBeVisible();
  await page.goto('/account/order?filter=running');
  await expect(page.locator(`[data-order-no="${orderNo}"]`)).toBeVisible();
});

test('the investment form names each wrong field in Chinese, then thanks the applicant; operations mark it handled', async ({ page, browser }) => {
  const phone = `1391234${String(Date.now() % 10_000).padStart(4, '0')}`;
  await page.goto('/business-invest');
  await waitForHydration(page, 'InvestForm');
  const form = page.getByRole('form', { name: '招商合作申请' });
  await form.getByLabel('手机号码').fill('12345');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(form.getByText('请填写您的称呼')).toBeVisible();
  await expect(form.getByText('请输入正确的手机号码')).toBeVisible();
  await expect(form.getByText('请填写所在城市')).toBeVisible();
  await expect(form.getByText('请选择投资预算')).toBeVisible();
  await shoot(page, 'invest-errors');

  await form.getByLabel('您的称呼').fill('王先生');
  await form.getByLabel('手机号码').fill(phone);
  await form.getByLabel('所在城市').fill('杭州');
  await form.getByLabel('投资预算').selectOption({ label: '10万-50万元' });
  await form.getByLabel('留言').fill('想在本地开设线下门店，希望了解加盟政策。');
  await form.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('感谢您的关注，申请已提交！')).toBeVisible();
  await shoot(page, 'invest-thanks');

  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signInOperator(ops, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/investment-leads');
  const row = ops.getByRole('row').filter({ hasText: phone });
  await expect(row.getByRole('cell', { name: '10万-50万元' })).toBeVisible();
  await shoot(ops, 'ops-investment-leads');
  await waitForAllHydrated(ops, 'OpsAction');
  await row.getByRole('button', { name: '标记已处理' }).click();
  await ops.getByRole('dialog', { name: '标记已处理' }).getByRole('button', { name: '确定' }).click();
  await expect(ops.locator('#ops-flash')).toHaveText('已将 王先生 的申请标记为已处理');
  await expect(ops.getByRole('row').filter({ hasText: phone })).toHaveCount(0);
  await opsContext.close();
});
