/**
 * Issue 3's last browsing parts: /free with its promotion, games and offers; and the reviews
 * (用户评价) on a detail page. The free count and free orders: tests/e2e/free-orders.e2e.ts.
 */
import { expect, test } from '@playwright/test';

test('/free shows the promotion, the games with offers and free listing cards', async ({ page }) => {
  await page.goto('/free');
  await expect(page.getByText('每日免费玩')).toBeVisible();
  const cards = page.locator('[data-listing-id]');
  await expect(cards.first()).toBeVisible();
  await expect(page.getByText(/免费玩\d+小时/).first()).toBeVisible();
  // Every offer can be taken free from its card (tests/e2e/free-orders.e2e.ts takes one).
  await expect(page.getByRole('button', { name: /^免费玩/ }).first()).toBeAttached();
  await expect(page.getByText(/无需支付、无需押金/)).toBeVisible();

  // A game filter keeps only that game's offers, from the URL alone.
  const gameLink = page.getByRole('link', { name: /个免费账号/ }).first();
  const href = (await gameLink.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/free\?game_id=\d+$/);
  await page.goto(href);
  await expect(cards.first()).toBeVisible();
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
