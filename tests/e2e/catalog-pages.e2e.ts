/**
 * Issue 3 browsing pages against the running server: the rental hall filtered, sorted and paged
 * from the URL alone, a detail page opened from a card, every rental option of the picker priced
 * as the rules price it, and a deleted listing.
 *
 * Expected prices are computed with the same rule functions the island uses (quoteRental), from
 * the listing as the detail API returns it, so the test says "the page shows what the rules give".
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { ListingCard, ListingDetail, Page as ListPage } from '../../src/features/catalog/types';
import { routeByName } from '../../src/platform/config/routes';
import { depositLabel } from '../../src/features/orders/rules/deposit';
import { offeredOptions, rentalOptionDef, type RentalOption } from '../../src/features/orders/rules/periods';
import { quoteRental } from '../../src/features/orders/rules/quote';
import { documentTitle } from '../../src/platform/rules/routing';
import { BRANDS } from '../../src/platform/rules/brand';
import { signIn, waitForChrome, waitForHydration } from './support';

const cards = (page: Page): Locator => page.locator('[data-listing-card]');

/** The cards' list prices (what the price range filters on). */
async function cardPrices(page: Page): Promise<number[]> {
  return cards(page)
    .locator('[data-price-fen]')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-price-fen'))));
}

/** The hourly prices the cards show, after any activity discount (what the price sorts order by). */
async function shownPrices(page: Page): Promise<number[]> {
  return cards(page)
    .locator('[data-shown-fen]')
    .evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-shown-fen'))));
}

async function cardIds(page: Page): Promise<number[]> {
  return cards(page).evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-listing-id'))));
}

async function apiData<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `${path} answered ${response.status()}`).toBe(true);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

test.describe('rental hall state lives in the URL (issue 3)', () => {
  test('无押金 sorted by price ascending: every card has no deposit and prices rise', async ({ page }) => {
    const response = await page.goto('/zuhao.html?no_deposit=1&sort=price_asc');
    expect(response?.status()).toBe(200);
    await expect(cards(page)).toHaveCount(20);
    for (const deposit of await cards(page).locator('[data-deposit]').allTextContents()) expect(deposit).toBe(depositLabel(0));
    const prices = await shownPrices(page);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The filter and the sort show as chosen.
    await expect(page.locator('[data-filter-row="service"] a[data-selected]')).toHaveText(/无押金/);
    await expect(page.getByRole('navigation', { name: '排序' }).locator('a[aria-current="true"]')).toHaveText(/价格.*从低到高/);
  });

  test('a price range sorted by price descending keeps every hourly price inside it', async ({ page }) => {
    await page.goto('/zuhao.html?price_min=5&price_max=8&sort=price_desc');
    const prices = await cardPrices(page);
    expect(prices.length).toBeGreaterThan(0);
    for (const fen of prices) {
      expect(fen).toBeGreaterThanOrEqual(500);
      expect(fen).toBeLessThanOrEqual(800);
    }
    const shown = await shownPrices(page);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    await expect(page.getByLabel('最低时租（元）')).toHaveValue('5');
    await expect(page.getByLabel('最高时租（元）')).toHaveValue('8');
  });

  test('the hafu game shows its coin tier filter and every card is in the chosen tier', async ({ page }) => {
    await page.goto('/zuhao/1.html?hafu_tier=10m');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('三角洲行动租号');
    await expect(page.getByRole('group', { name: '哈夫币' })).toBeVisible();
    await expect(page.getByRole('group', { name: '账号类型' })).toBeVisible();
    const count = await cards(page).count();
    expect(count).toBeGreaterThan(0);
    await expect(cards(page).locator('[data-hafu-tag="10m"]')).toHaveCount(count);
    for (const where of await cards(page).locator('[data-listing-where]').allTextContents()) expect(where).toContain('三角洲行动');
  });

  test('pages come from the URL, the page links move between them and the back button returns', async ({ page }) => {
    await page.goto('/zuhao.html?sort=newest');
    const first = await cardIds(page);
    expect(first).toHaveLength(20);
    const pagination = page.getByRole('navigation', { name: '账号列表分页' });
    await pagination.getByRole('link', { name: '下一页' }).click();
    await expect(page).toHaveURL(/\/zuhao\.html\?sort=newest&page=2$/);
    await expect(pagination.locator('a[aria-current="page"]')).toHaveText('2');
    const second = await cardIds(page);
    expect(second).toHaveLength(20);
    expect(second.filter((id) => first.includes(id))).toEqual([]);
    await page.goBack();
    await expect(page).toHaveURL(/\/zuhao\.html\?sort=newest$/);
    expect(await cardIds(page)).toEqual(first);
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('a filter is a plain link to the filtered URL and the price form is a GET form', async ({ page }) => {
      await page.goto('/zuhao.html');
      await page.getByRole('group', { name: '游戏' }).getByRole('link', { name: '王者荣耀', exact: true }).click();
      await expect(page).toHaveURL(/\/zuhao\/\d+\.html$/);
      await page.getByRole('group', { name: '服务' }).getByRole('link', { name: '保险' }).click();
      await expect(page).toHaveURL(/\?insurance=1$/);
      for (const where of await cards(page).locator('[data-listing-where]').allTextContents()) expect(where).toContain('王者荣耀');
      const count = await cards(page).count();
      expect(count).toBeGreaterThan(0);
      await expect(cards(page).getByRole('listitem').filter({ hasText: /^保险$/ })).toHaveCount(count);
      // The price form keeps the other filters.
      await page.getByLabel('最高时租（元）').fill('6');
      await page.getByRole('button', { name: '筛选' }).click();
      await expect(page).toHaveURL(/insurance=1/);
      await expect(page).toHaveURL(/price_max=6/);
      for (const fen of await cardPrices(page)) expect(fen).toBeLessThanOrEqual(600);
    });
  });

  test('invalid query values are ignored, never an error', async ({ page }) => {
    const response = await page.goto('/zuhao.html?page=abc&price_min=x&sort=bogus&period=nope&owner=king&platform_id=-1');
    expect(response?.status()).toBe(200);
    await expect(cards(page)).toHaveCount(20);
  });

  test('a page past the end goes to the last page', async ({ page }) => {
    await page.goto('/zuhao.html?no_deposit=1&page=499');
    await expect(page).toHaveURL(/no_deposit=1&page=\d+$/);
    expect(new URL(page.url()).searchParams.get('page')).not.toBe('499');
    expect(await cards(page).count()).toBeGreaterThan(0);
  });

  test('an empty result shows the empty state', async ({ page }) => {
    await page.goto(`/zuhao.html?keyword=${encodeURIComponent('不存在的账号zzqq')}`);
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByRole('main').getByText('暂无内容')).toBeVisible();
  });
});

test.describe('account detail (issue 3)', () => {
  test('a card opens its detail page, titled with the listing title', async ({ page }) => {
    await page.goto('/zuhao.html');
    const card = cards(page).first();
    const id = await card.getAttribute('data-listing-id');
    const title = (await card.locator('[data-listing-title]').textContent())!.trim();
    await card.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/detail/${id}\\.html$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(documentTitle(BRANDS.default.title, title));
    await expect(page.getByRole('table')).toContainText('角色名');
    await expect(page.getByRole('heading', { name: '相似账号' })).toBeVisible();
    // Recommendations: other listings, never this one again.
    const recommended = page.getByRole('list', { name: '为你推荐' });
    await expect(recommended.getByRole('link').first()).toBeVisible();
    await expect(recommended.locator(`[data-listing-id="${id}"]`)).toHaveCount(0);
  });

  test('a missing listing goes to the deleted page', async ({ page, request }) => {
    const response = await request.get('/detail/99999999.html', { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    await page.goto('/detail/99999999.html');
    await expect(page).toHaveURL(/\/error-deleted$/);
    await expect(page).toHaveTitle(documentTitle(BRANDS.default.title, routeByName('deleted_page').title));
  });
});

/** A listed account offering as many periods as possible, preferring VIP, activity and promotion. */
async function richListing(request: APIRequestContext): Promise<ListingDetail> {
  const page = await apiData<ListPage<ListingCard>>(request, '/api/v1/zuhao/accounts?vip_discount=1&period=night_rental&page_size=60');
  const score = (card: ListingCard): number =>
    offeredOptions(card.rental_period).length * 10 +
    (card.activity.discount ? 5 : 0) +
    (card.activity.rental_promotion ? 5 : 0) +
    (card.availability === 'normal' && card.bookable_now ? 3 : 0);
  const best = [...page.list].sort((a, b) => score(b) - score(a))[0];
  expect(best, 'a listing with the VIP discount and the evening slot').toBeDefined();
  return apiData<ListingDetail>(request, `/api/v1/detail/account?account_id=${best!.id}`);
}

/** Whether the picker is set to reserve: its 预约 radio is checked, or reserving is all it offers. */
async function isReserved(picker: Locator): Promise<boolean> {
  const reserve = picker.getByRole('radio', { name: /^预约/ });
  if ((await reserve.count()) > 0) return reserve.isChecked();
  return (await picker.getByText('30分钟后开始').count()) > 0;
}

/** The end clock of each slot's rental window (spec §4). */
const SLOT_END: Partial<Record<RentalOption, string>> = { morning: '12:00', afternoon: '19:00', evening: '07:00' };

test.describe('rental picker prices every option as the rules do (issue 3)', () => {
  test('each offered option shows the quote of quoteRental', async ({ page, request }) => {
    const listing = await richListing(request);
    await page.goto(`/detail/${listing.id}.html`);
    await waitForHydration(page, 'RentalPicker');
    const picker = page.locator('[data-rental-picker]');
    const options = offeredOptions(listing.rental_period);
    await expect(picker.locator('[data-option]')).toHaveCount(options.length);

    for (const option of options) {
      const def = rentalOptionDef(option);
      await picker.getByRole('radio', { name: new RegExp(`^${def.label}`) }).check({ force: true });
      const reserved = await isReserved(picker);
      const quote = quoteRental({ listing, option, now: new Date(), isVip: false, coupons: [], reserved });
      await expect(picker.locator('[data-line="base"]'), `${option} base`).toHaveAttribute('data-fen', String(quote.baseFen));
      await expect(picker.locator('[data-line="total"]'), `${option} total`).toHaveAttribute('data-fen', String(quote.totalFen));
      await expect(picker.locator('[data-line="total"]')).toHaveText(`¥${(quote.totalFen / 100).toFixed(2)}`);
      if (quote.activityDiscountFen > 0) {
        await expect(picker.locator('[data-line="activity"]')).toHaveAttribute('data-fen', String(quote.activityDiscountFen));
      }
      const vip = quoteRental({ listing, option, now: new Date(), isVip: true, coupons: [], reserved });
      await expect(picker.locator('[data-line="vip"]'), `${option} VIP可再省`).toHaveAttribute('data-fen', String(vip.vipDiscountFen));
      if (SLOT_END[option]) await expect(picker.locator('[data-ends-at]')).toHaveText(new RegExp(` ${SLOT_END[option]}$`));
    }

    // Hourly: the hours box prices hours × rate, and refuses less than the minimum.
    await picker.getByRole('radio', { name: /^时租/ }).check({ force: true });
    const hours = listing.min_rental_period + 2;
    await picker.getByLabel('租用时长').fill(String(hours));
    const hourly = quoteRental({ listing, option: 'hourly', hours, now: new Date(), isVip: false, coupons: [], reserved: await isReserved(picker) });
    await expect(picker.locator('[data-line="total"]')).toHaveAttribute('data-fen', String(hourly.totalFen));
    if (hourly.bonusHours > 0) await expect(picker.locator('[data-bonus-hours]')).toHaveAttribute('data-bonus-hours', String(hourly.bonusHours));
    await picker.getByLabel('租用时长').fill('0');
    await expect(picker.getByRole('alert')).toHaveText('请输入整数小时');
    await expect(picker.getByRole('button', { name: /立即/ })).toBeDisabled();
  });

  test('立即租号 asks a visitor to sign in', async ({ page, request }) => {
    const listing = await richListing(request);
    await page.goto(`/detail/${listing.id}.html`);
    await waitForChrome(page);
    await waitForHydration(page, 'RentalPicker');
    await page.locator('[data-rental-picker]').getByRole('button', { name: /立即(租号|预约)/ }).click();
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  });

  test('立即租号 opens the checkout, which asks a renter without real name to verify first', async ({ page, request }) => {
    const listing = await richListing(request);
    await page.goto(`/detail/${listing.id}.html`);
    await signIn(page, 'renter02', 'renter_pass02');
    await waitForChrome(page);
    await waitForHydration(page, 'RentalPicker');
    await page.locator('[data-rental-picker]').getByRole('button', { name: /立即(租号|预约)/ }).click();
    const checkout = page.getByRole('dialog', { name: '确认订单' });
    await expect(checkout).toBeVisible();
    await expect(checkout.getByText('根据规定，租号前需完成实名认证。')).toBeVisible();
  });
});

test.describe('the other browsing pages answer with their content', () => {
  test('home links hot games, announcements and hot tags', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('list', { name: '热门游戏' }).getByRole('link').first()).toHaveAttribute('href', /^\/zuhao\/\d+\.html$/);
    await expect(page.getByRole('region', { name: '平台公告' }).locator('a[href^="/NoticeDetail?id="]').first()).toBeVisible();
    await expect(page.getByRole('link', { name: /全部公告/ })).toHaveAttribute('href', '/Notice');
    expect(await cards(page).count()).toBeGreaterThan(0);
  });

  test('special offers, shops and notices page through their lists', async ({ page }) => {
    await page.goto('/tejia.html?page=2');
    await expect(page.getByRole('navigation', { name: '特价账号分页' }).locator('a[aria-current="page"]')).toHaveText('2');
    await page.goto('/dianpu');
    await page.getByRole('list', { name: '店铺列表' }).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/dianpu\?id=\d+$/);
    expect(await cards(page).count()).toBeGreaterThan(0);
    await page.goto('/Notice');
    await page.getByRole('main').getByRole('heading', { level: 2 }).first().getByRole('link').click();
    await expect(page).toHaveURL(/\/NoticeDetail\?id=\d+$/);
    const missing = await page.goto('/NoticeDetail?id=99999');
    expect(missing?.status()).toBe(404);
  });
});
