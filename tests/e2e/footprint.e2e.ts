/**
 * Issue 16 in a real browser: a signed-in renter views an account and finds it in 我的足迹;
 * 找相似 from the detail page lists accounts like it; a new user deregisters (code from the
 * sandbox outbox) and cancels it by signing in again. Screenshots at 1280 and 390 px when
 * FOOTPRINT_SCREENSHOTS names a folder.
 */
import { expect, test, type Page } from '@playwright/test';
import type { ListingCard } from '../../src/features/catalog/types';
import { apiAs, phoneFor, registerWithPhone, signIn, smsCodeFor, waitForHydration } from './support';

test.describe.configure({ timeout: 180_000 });

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.FOOTPRINT_SCREENSHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('view an account and find it in 我的足迹; 找相似 from the detail page', async ({ page, request }) => {
  const response = await request.get('/api/v1/zuhao/accounts?page_size=20');
  const { list } = ((await response.json()) as { data: { list: ListingCard[] } }).data;
  const listing = list[3]!;

  await page.goto('/');
  await signIn(page, 'renter01', 'renter_pass01');
  const recorded = page.waitForResponse((answer) => answer.url().includes('/api/v1/detail/accountState') && answer.ok());
  await page.goto(`/detail/${listing.id}.html`);
  await recorded;

  await page.goto('/account/footprint');
  await waitForHydration(page, 'FootprintList');
  const first = page.locator('[data-listing-card]').first();
  await expect(first).toHaveAttribute('data-listing-id', String(listing.id));
  await expect(first.getByRole('heading', { name: listing.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: '我的信用分' })).toBeVisible();
  await shoot(page, 'footprint');

  // 找相似 from the detail page.
  await page.goto(`/detail/${listing.id}.html`);
  await page.getByRole('link', { name: '找相似', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/account/account_besimilar\\?account_id=${listing.id}`));
  await waitForHydration(page, 'BesimilarList');
  await expect(page.getByText(/相似：同为/)).toBeVisible();
  await expect(page.getByRole('link', { name: listing.title }).first()).toBeVisible();
  const similar = page.getByRole('list', { name: '相似账号' }).locator('[data-listing-card]');
  await expect(similar.first()).toBeVisible();
  expect(await similar.evaluateAll((cards) => cards.map((card) => card.getAttribute('data-listing-id')))).not.toContain(String(listing.id));
  await shoot(page, 'besimilar');

  // Clear one footprint.
  await page.goto('/account/footprint');
  await waitForHydration(page, 'FootprintList');
  await page.getByRole('button', { name: `删除足迹 ${listing.title}` }).first().click();
  await expect(page.getByRole('status').filter({ hasText: '已删除足迹' })).toHaveText(`已删除足迹 ${listing.title}`);
});

test('deregister, then cancel it by signing in', async ({ page }, testInfo) => {
  const phone = phoneFor(16_500 + testInfo.workerIndex * 10 + testInfo.retry);
  await registerWithPhone(page, phone, 'deact_pass01');
  // Registration just sent this phone a code; codes to one phone are 60 s apart (spec §9), whatever the purpose.
  const resendAt = Date.now() + 61_000;

  await page.goto('/account/unactive_account');
  await waitForHydration(page, 'DeactivationForm');
  await expect(page.getByText('您已满足注销条件')).toBeVisible();
  await page.waitForTimeout(Math.max(0, resendAt - Date.now()));
  await page.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText(/验证码已发送至/)).toBeVisible();
  await page.getByLabel('短信验证码').fill(await smsCodeFor(page.context(), phone));
  await page.getByLabel('我已阅读注销须知，确认注销账号').check();
  await shoot(page, 'unactive-account');
  await page.getByRole('button', { name: '确认注销' }).click();

  await expect(page).toHaveURL(/\/account\/unactive_result/);
  await expect(page.getByRole('heading', { name: '注销申请已提交' })).toBeVisible();
  await expect(page.getByText(/冷静期至/)).toBeVisible();
  await shoot(page, 'unactive-result');

  // Signing in again within the cooling-off cancels it.
  await page.goto('/');
  await signIn(page, phone, 'deact_pass01');
  const check = await apiAs<{ status: { state: string } }>(page, 'GET', '/account/deactivationCheck');
  expect(check.status.state).toBe('cancelled');
  const notices = await apiAs<{ list: { title: string }[] }>(page, 'GET', '/notifications');
  expect(notices.list.map((notice) => notice.title)).toContain('注销申请已取消');
});
