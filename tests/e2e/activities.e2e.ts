/**
 * Issue 16 invitations and activities in a real browser: store01 shares its invite link, a new user
 * registers through /rank_register with it, verifies the real name, rents and pays through the
 * sandbox checkout; the rental ends (sandbox time machine) and store01 sees the reward on 推广, its
 * place on the new-user ranking, and draws in the lottery. Screenshots at 1280 and 390 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { ListingCard } from '../../src/features/catalog/contract/catalog';
import { apiAs, idNumberFor, phoneFor, shootBothWidths, signIn, smsCodeFor, solveSlider, waitForHydration } from './support';

// Two users, a checkout and a time machine on a loaded machine.
test.describe.configure({ timeout: 360_000 });

async function rentableListing(request: APIRequestContext): Promise<ListingCard> {
  const response = await request.get('/api/v1/zuhao/accounts?sort=price_asc&page_size=60');
  const page = ((await response.json()) as { data: { list: ListingCard[] } }).data;
  const card = page.list.find((c) => c.availability === 'normal' && c.bookable_now && c.min_rental_period <= 3 && c.rental_fen > 0);
  expect(card, 'a rentable listing').toBeDefined();
  return card!;
}

test('invite a user who rents: the inviter sees the reward, the ranking and a draw', async ({ page, browser, request }, testInfo) => {
  // 1. store01's invite code, link and QR on 推广.
  await page.goto('/account/account_extension');
  await signIn(page, 'store01', 'store_pass01');
  await waitForHydration(page, 'Invitations');
  const code = (await page.locator('[data-invite-code]').textContent())!.trim();
  expect(code).toMatch(/^[A-Z0-9]{4,16}$/);
  await expect(page.locator('[data-invite-link]')).toHaveText(new RegExp(`/register\\?invite=${code}$`));
  await expect(page.getByRole('img', { name: '邀请二维码' })).toBeVisible();
  const coinsBefore = Number(await page.locator('[data-coins-earned]').textContent());

  // 2. A new user registers through the activity's link.
  const testId = 16_000 + testInfo.workerIndex * 10 + testInfo.retry;
  const phone = phoneFor(testId);
  const inviteeContext = await browser.newContext();
  const invitee = await inviteeContext.newPage();
  await invitee.goto(`/rank_register?invite=${code}`);
  await invitee.waitForLoadState('networkidle');
  const form = invitee.getByRole('main');
  await form.getByLabel('手机号').fill(phone);
  await form.getByLabel('密码', { exact: true }).fill('invitee_pass_2026');
  await form.getByRole('button', { name: '获取验证码' }).click();
  await solveSlider(invitee);
  await form.getByLabel('验证码').fill(await smsCodeFor(inviteeContext, phone));
  await form.getByLabel(/我已阅读并同意/).check();
  await form.getByRole('button', { name: '注册', exact: true }).click();
  await expect(invitee.getByText('登录成功！')).toBeVisible();

  // The inviter sees the invitee, masked, waiting for the first rental.
  await page.reload();
  await waitForHydration(page, 'Invitations');
  const row = page.locator('[data-invited-row]').filter({ hasText: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
  await expect(row).toContainText('待首单完成');

  // 3. The invitee verifies the real name, rents and pays at the sandbox checkout; the rental ends.
  await apiAs(invitee, 'POST', '/account/realName', { name: '李四', id_number: idNumberFor(testId) });
  const listing = await rentableListing(request);
  const order = await apiAs<{ order_no: string }>(invitee, 'POST', '/order/create', { account_id: listing.id, option: 'hourly', hours: Math.max(1, listing.min_rental_period) });
  const checkout = await apiAs<{ checkout_url: string }>(invitee, 'POST', '/order/pay', { order_no: order.order_no, channel: 'alipay' });
  await invitee.goto(checkout.checkout_url);
  await waitForHydration(invitee, 'SandboxCheckout');
  await invitee.getByRole('button', { name: '确认付款' }).click();
  await expect(invitee).toHaveURL(/\/pay-result\?order_no=R\d+/);
  expect(await apiAs<{ status: number }>(invitee, 'POST', '/sandbox/orders/fast-forward', { order_no: order.order_no })).toMatchObject({ status: 4 });

  // The invitee got a draw chance for registering through the activity.
  await invitee.goto('/activity/newuser_ranking');
  await waitForHydration(invitee, 'NewUserRanking');
  await expect(invitee.locator('[data-chances]')).toHaveText('1');
  await inviteeContext.close();

  // 4. The reward: 200 gold coins on 推广, the row rewarded.
  await page.reload();
  await waitForHydration(page, 'Invitations');
  await expect(row).toContainText('已奖励');
  await expect(row).toContainText('+200金币');
  await expect(page.locator('[data-coins-earned]')).toHaveText(String(coinsBefore + 200));
  await shootBothWidths(page, 'account-extension');

  // ... and in the gold coin history.
  await page.goto('/account/account_goldCoin');
  await expect(page.getByText('邀请奖励').first()).toBeVisible();

  // 5. The ranking shows store01's place; the inviter's new chance draws a prize on the server.
  await page.goto('/activity/newuser_ranking');
  await waitForHydration(page, 'NewUserRanking');
  await expect(page.locator('[data-my-rank]')).toHaveText('1');
  await expect(page.locator('[data-ranking-row]').first()).toContainText('1');
  await expect(page.locator('[data-chances]')).toHaveText('1');
  await shootBothWidths(page, 'newuser-ranking');
  await page.getByRole('button', { name: '立即抽奖' }).click();
  await expect(page.locator('[data-draw-result]')).not.toBeEmpty();
  await expect(page.locator('[data-chances]')).toHaveText('0');
  await expect(page.getByRole('button', { name: '立即抽奖' })).toBeDisabled();

  // 6. The free first order page: store01 has rented before, so it is told so.
  await page.goto('/activity/free_order');
  await waitForHydration(page, 'FreeOrderStanding');
  await expect(page.locator('[data-free-order-state]')).toBeVisible();
  await shootBothWidths(page, 'free-order');
});

test('the ranking page for a visitor: rules, prizes, sign-in prompts', async ({ page }) => {
  await page.goto('/activity/newuser_ranking');
  await waitForHydration(page, 'NewUserRanking');
  await expect(page.getByRole('heading', { name: '活动规则' })).toBeVisible();
  await expect(page.getByText('第1名', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '登录后抽奖' })).toBeVisible();
  await expect(page.getByRole('button', { name: '立即登录' })).toBeVisible();
  await shootBothWidths(page, 'newuser-ranking-visitor');
});
