/**
 * Issue 28 "Notification popups cover the page a renter just opened": at 390 px the popup is a
 * compact bar at the bottom, so it covers no heading, tab bar or chat header of the page just
 * opened, nor a detail page's 立即租号 bar; at 1280 it stays the card under the header. A page that
 * already shows the same message (消息通知 listing it, 支付结果 of that payment) gets no popup.
 *
 * Checked from outside: the browser's boxes of the popup and of what the page shows at its top.
 * The poll's answer is the server's shape with popups this test chooses (the placement is what
 * is tested, and nothing is written to the shared demo database); the read calls are answered too.
 */
import { expect, test, type Page } from '@playwright/test';
import type { NotificationView } from '../../src/features/notifications/contract';
import { NOTIFICATION_POLL_MS } from '../../src/features/notifications/constants';
import { apiAs, signIn, waitForHydration } from './support';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box): boolean => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function popupOf(id: number, title: string, extra: Partial<NotificationView> = {}): NotificationView {
  return { id, title, content: `${title}：详情见消息通知`, notification_type: 'broadcast', params: {}, is_today: true, is_read: false, created_at: new Date().toISOString(), ...extra };
}

/** The poll answers these popups (set before the page's first poll or before runFor). */
async function answerPolls(page: Page): Promise<{ popups: NotificationView[] }> {
  const state = { popups: [] as NotificationView[] };
  await page.route('**/api/v1/notifications/unread**', (route) =>
    route.fulfill({ json: { code: 0, msg: 'success', data: { popups: state.popups, unread: state.popups.length } } }),
  );
  await page.route(/\/api\/v1\/notifications\/\d+\/read$/, (route) => {
    const id = Number(/\/(\d+)\/read$/.exec(route.request().url())![1]);
    return route.fulfill({ json: { code: 0, msg: 'success', data: { id, unread: 0 } } });
  });
  return state;
}

/**
 * What a page just opened shows at its top (its visible headings and tab bars in the upper half of
 * the screen, where the eye starts), and a detail page's fixed 立即租号 bar.
 */
async function pageTops(page: Page): Promise<Array<{ name: string; box: Box }>> {
  const out: Array<{ name: string; box: Box }> = [];
  for (const locator of await page.locator('main h1, main h2, main [role="tablist"], [data-detail-sticky-bar]').all()) {
    if (!(await locator.isVisible())) continue;
    const box = await locator.boundingBox();
    const fixedBar = await locator.evaluate((el) => el.hasAttribute('data-detail-sticky-bar'));
    if (box && box.height > 0 && (fixedBar || box.y < PHONE.height / 2)) out.push({ name: (await locator.textContent())?.trim().slice(0, 20) ?? '', box });
  }
  return out;
}

async function expectCoversNothing(page: Page, popupTitle: string): Promise<void> {
  const popup = page.getByRole('status', { name: popupTitle });
  await expect(popup).toBeVisible();
  const card = (await popup.boundingBox())!;
  const tops = await pageTops(page);
  expect(tops.length, 'the page shows a heading to check').toBeGreaterThan(0);
  for (const top of tops) expect(overlaps(card, top.box), `the popup covers "${top.name}"`).toBe(false);
  // A compact bar: one line, inside the screen.
  expect(card.height).toBeLessThanOrEqual(56);
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(PHONE.width);
}

test.describe.configure({ timeout: 90_000 });

test('at 390 px the popup is a bar that covers no heading, tab bar, chat header or rent bar of the page just opened', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const polls = await answerPolls(page);
  await page.goto('/account/personal');
  await signIn(page, 'renter01', 'renter_pass01');
  const pages = [
    { path: '/account/account_notify', island: 'NotificationList' },
    { path: '/redirect', island: 'ChatPanel' },
    { path: '/account/personal', island: null },
    { path: '/detail/1.html', island: 'RentalPicker' },
  ];
  for (const [index, target] of pages.entries()) {
    await test.step(target.path, async () => {
      const title = `测试弹窗${index + 1}`;
      polls.popups = [popupOf(900_000 + index, title)];
      await page.goto(target.path);
      if (target.island) await waitForHydration(page, target.island);
      await expectCoversNothing(page, title);
    });
  }
});

test('at 1280 px the popup is still the card under the header', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  const polls = await answerPolls(page);
  await page.goto('/account/personal');
  await signIn(page, 'renter01', 'renter_pass01');
  polls.popups = [popupOf(900_100, '桌面弹窗')];
  await page.goto('/account/account_notify');
  const popup = page.getByRole('status', { name: '桌面弹窗' });
  await expect(popup).toBeVisible();
  const card = (await popup.boundingBox())!;
  const header = (await page.getByRole('banner').boundingBox())!;
  expect(card.y).toBeGreaterThanOrEqual(header.y + header.height);
  expect(card.x + card.width).toBeGreaterThan(DESKTOP.width - 40);
  await expect(popup).toContainText('详情见消息通知');
});

test('a page that already shows the message gets no popup: 消息通知 listing it, 支付结果 of that payment', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const polls = await answerPolls(page);
  await page.goto('/account/personal');
  await signIn(page, 'renter01', 'renter_pass01');
  await page.clock.install();

  // 消息通知: a popup whose id is a row of the list is not put up; another one is.
  await page.goto('/account/account_notify');
  await waitForHydration(page, 'NotificationList');
  const row = page.getByRole('list', { name: '消息列表' }).getByRole('article').first();
  const listed = Number(await row.getAttribute('data-notification-id'));
  const title = (await row.getAttribute('aria-labelledby').then((id) => page.locator(`#${id}`).textContent()))!.trim();
  polls.popups = [popupOf(listed, title), popupOf(900_200, '另一条通知')];
  await page.clock.runFor(NOTIFICATION_POLL_MS);
  await expect(page.getByRole('status', { name: '另一条通知' })).toBeVisible();
  await expect(page.getByRole('status', { name: title })).toHaveCount(0);

  // 支付结果 of renter01's paid demo rental: its 订单支付成功 is not put up there.
  await page.clock.resume();
  const pending = await apiAs<{ list: Array<{ order_no: string }> }>(page, 'GET', '/account/commentsPending');
  const orderNo = pending.list[0]!.order_no;
  polls.popups = [popupOf(900_300, '订单支付成功', { notification_type: 'order_paid', params: { order_no: orderNo } }), popupOf(900_301, '别的订单支付成功', { notification_type: 'order_paid', params: { order_no: 'R0000000000000000' } })];
  await page.goto(`/pay-result?order_no=${orderNo}`);
  await expect(page.locator('[data-pay-result="success"]')).toBeVisible();
  await expect(page.getByRole('status', { name: '别的订单支付成功' })).toBeVisible();
  await expect(page.getByRole('status', { name: '订单支付成功', exact: true })).toHaveCount(0);
  await expectCoversNothing(page, '别的订单支付成功');
});
