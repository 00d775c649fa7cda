/**
 * Issue 3's last browsing parts: /free with its promotion, games, offers and the visitor's free
 * count; and the reviews (用户评价) on a detail page.
 */
import { expect, test } from '@playwright/test';
import { signIn, waitForHydration } from './support';

test('/free shows the promotion, the games with offers and free listing cards', async ({ page }) => {
  await page.goto('/free');
  await expect(page.getByText('每日免费玩')).toBeVisible();
  const cards = page.locator('[data-listing-id]');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(/免费玩\d+小时/).first()).toBeVisible();
  await expect(page.getByText(/免费下单即将开放/)).toBeVisible();

  // A game filter keeps only that game's offers, from the URL alone.
  const gameLink = page.getByRole('link', { name: /个免费账号/ }).first();
  const href = (await gameLink.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/free\?game_id=\d+$/);
  await page.goto(href);
  await expect(cards.first()).toBeVisible();
});

test('/free: a visitor is asked to sign in for the free count; a renter sees 1/1 today', async ({ page }) => {
  await page.goto('/free');
  await waitForHydration(page, 'FreeCount');
  await expect(page.getByRole('button', { name: '登录后领取免费次数' })).toBeVisible();
  await signIn(page, 'owner04', 'owner_pass04');
  await expect(page.locator('[data-free-remaining]')).toHaveText('1/1');
});

test('a detail page with reviews shows the average and the newest review first', async ({ page, request }) => {
  // Find a reviewed listing through the API, as the island does.
  let reviewed: number | null = null;
  for (let id = 1; id <= 30 && reviewed === null; id += 1) {
    const body = (await (await request.get(`/api/v1/detail/comments?account_id=${id}`)).json()) as { data?: { total?: number } };
    if ((body.data?.total ?? 0) > 0) reviewed = id;
  }
  expect(reviewed).not.toBeNull();
  await page.goto(`/detail/${reviewed}.html`);
  const section = page.getByRole('region', { name: '用户评价' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByText(/共 \d+ 条评价/)).toBeVisible();
  await expect(section.getByRole('list', { name: '评价列表' }).getByRole('listitem').first()).toBeVisible();
});
