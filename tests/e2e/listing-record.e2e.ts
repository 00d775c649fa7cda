/**
 * Issue 26 "each listing's own record", from outside as a visitor: hall cards carry 上号成功率 and
 * the number of rentals (or 新上架，暂无记录 for a listing with too few), the hall sorts by it
 * (口碑), the detail page shows the four figures (上号成功率, 投诉率, 号主回复中位时长, 出租次数) and the
 * shop page the shop's. The demo seed gives listings real finished rentals, so both kinds of card
 * exist. Other files rent listings while this runs: a figure read twice may have grown by then,
 * never shrunk, so the detail page is held to the card with that in mind.
 */
import { expect, test, type Page } from '@playwright/test';

const figure = (page: Page, section: string, label: string) => page.getByRole('region', { name: section }).locator('div', { has: page.getByText(label, { exact: true }) }).locator('dd');

test("the hall sorted by 口碑 shows each card's record, and its detail and shop pages the full figures", async ({ page }) => {
  await page.goto('/zuhao.html?sort=record');
  const recorded = page.locator('[data-listing-card]').filter({ has: page.locator('[data-listing-record="record"]') });
  await expect(recorded.first()).toBeVisible();
  // 口碑 puts listings with a record first: the first card has one.
  await expect(page.locator('[data-listing-card]').first().locator('[data-listing-record="record"]')).toBeVisible();
  const line = (await recorded.first().locator('[data-listing-record]').innerText()).replace(/\s+/g, ' ');
  const [, rate, rentals] = /上号成功率 (\d{1,3})%.*出租 (\d+)次/.exec(line) ?? [];
  expect(rate, `the card's record line: ${line}`).toBeDefined();

  await recorded.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/detail\/\d+\.html/);
  const record = page.getByRole('region', { name: '账号记录' });
  await expect(record).toBeVisible();
  await expect(record.getByText('新上架，暂无记录')).toHaveCount(0);
  const detailRentals = Number(/^(\d+)次$/.exec(await figure(page, '账号记录', '出租次数').innerText())?.[1]);
  expect(detailRentals).toBeGreaterThanOrEqual(Number(rentals));
  if (detailRentals === Number(rentals)) await expect(figure(page, '账号记录', '上号成功率')).toHaveText(`${rate}%`);
  await expect(figure(page, '账号记录', '投诉率')).toHaveText(/^\d{1,3}%$/);
  await expect(figure(page, '账号记录', '号主回复中位时长')).not.toBeEmpty();

  // The shop behind it has its own record.
  await page.getByRole('main').locator('a[href^="/dianpu?id="]').first().click();
  await expect(page.getByRole('region', { name: '店铺记录' })).toBeVisible();
  // The shop's rentals include this listing's.
  const shopRentals = Number(/^(\d+)次$/.exec(await figure(page, '店铺记录', '出租次数').innerText())?.[1]);
  expect(shopRentals).toBeGreaterThanOrEqual(detailRentals);
  await expect(figure(page, '店铺记录', '上号成功率')).toHaveText(/^\d{1,3}%$/);
});

test('a listing with too few rentals says 新上架，暂无记录 on its card and its detail page, with no rate', async ({ page }) => {
  await page.goto('/zuhao.html?sort=newest');
  const fresh = page.locator('[data-listing-card]').filter({ has: page.locator('[data-listing-record="new"]') }).first();
  await expect(fresh).toBeVisible();
  await expect(fresh.locator('[data-listing-record="new"]')).toHaveText('新上架，暂无记录');
  await fresh.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/detail\/\d+\.html/);
  const record = page.getByRole('region', { name: '账号记录' });
  await expect(record.getByText('新上架，暂无记录')).toBeVisible();
  await expect(figure(page, '账号记录', '上号成功率')).toHaveText('—');
  await expect(figure(page, '账号记录', '投诉率')).toHaveText('—');
});
