/**
 * Issue 15 "End to end: a renter files a complaint, the operator decides a partial refund, both
 * sides see it". A new renter rents a demo listing and pays through the sandbox Alipay, opens the
 * login details, files a complaint with a picture; the customer-service agent kf01 finds it at the
 * top of /ops/complaints, reads the detail (statement, picture, the access log, the timeline) and
 * decides a partial refund; the renter sees it on 我的投诉 and 资金明细, the listing's owner on
 * 出租订单 (through the notification's link). Screens at 1280 and 390 px.
 */
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { ListingCard } from '../../src/features/catalog/types';
import { DEMO_USERS } from '../../src/app/seed/demo';
import { apiAs, idNumberFor, OPERATORS, phoneFor, registerWithPhone, signIn, signInOperator, waitForHydration } from './support';

const SELLERS = Object.values(DEMO_USERS).filter((user): user is Extract<(typeof DEMO_USERS)[keyof typeof DEMO_USERS], { shop: object }> => 'shop' in user);
const DECISION_TEXT = '经核实，账号部分时段无法登录，按未能使用的时长退还部分租金。';
const REFUND_YUAN = '1.50';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A demo listing free now, from the dear end of the hall (other journeys take the cheap ones), with
 * its owner. The two widths run in parallel workers and each keeps its rental running, so each
 * starts its search at its own place in the list (`from`) rather than both renting the same one.
 */
async function rentableListing(request: APIRequestContext, from: number): Promise<{ card: ListingCard; owner: (typeof SELLERS)[number] }> {
  const answer = await request.get('/api/v1/zuhao/accounts?sort=price_desc&page_size=60');
  const cards = ((await answer.json()) as { data: { list: ListingCard[] } }).data.list.filter((card) => card.availability === 'normal' && card.bookable_now);
  for (const card of cards.slice(from)) {
    const detail = await (await request.get(`/detail/${card.id}.html`)).text();
    const owner = SELLERS.find((user) => detail.includes(user.shop.name));
    if (owner) return { card, owner };
  }
  throw new Error('no rentable demo listing with a known owner');
}

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 200, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
}

async function shoot(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

for (const width of [1280, 390]) {
  test(`a renter complains, kf01 decides a partial refund, both sides see it (${width} px)`, async ({ page, browser, request }, testInfo) => {
    // Three people, a dozen pages and a sandbox payment: well past the default 30 s on a busy machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const testId = 8_500 + (width === 390 ? 5 : 0) + testInfo.workerIndex * 10 + testInfo.retry;

    // 1. A new renter (with a bound phone, so they may complain) rents and pays through the sandbox Alipay.
    await registerWithPhone(page, phoneFor(testId), 'complain_pass_2026');
    const { card, owner } = await rentableListing(request, width === 390 ? 8 : 3);
    await page.goto(`/detail/${card.id}.html`);
    await waitForHydration(page, 'RentalPicker');
    await page.locator('[data-rental-picker]').getByRole('button', { name: '立即租号' }).click();
    const checkout = page.getByRole('dialog', { name: '确认订单' });
    await checkout.getByRole('button', { name: '去认证' }).click();
    const realName = page.getByRole('dialog', { name: '实名认证' });
    await realName.getByLabel('真实姓名').fill('赵六');
    await realName.getByLabel('身份证号').fill(idNumberFor(testId));
    await realName.getByRole('button', { name: '提交' }).click();
    await expect(realName).toBeHidden();
    await checkout.getByRole('radio', { name: /支付宝/ }).check();
    await checkout.getByRole('button', { name: '提交订单' }).click();
    await expect(page).toHaveURL(/\/sandbox\/pay\/P\d+/);
    await waitForHydration(page, 'SandboxCheckout');
    await page.getByRole('button', { name: '确认付款' }).click();
    await expect(page).toHaveURL(/\/pay-result\?order_no=R\d+/);
    await expect(page.getByText('支付成功', { exact: true })).toBeVisible();
    // The pay result shows the login details at once: the access log's first row. Waited for, so
    // the count below does not depend on how fast the next navigation is.
    await expect(page.getByText(/^剩余 \d/)).toBeVisible();
    const orderNo = new URL(page.url()).searchParams.get('order_no')!;

    // 2. They open the login details again in 我的订单 (the log's second row), then complain with a picture.
    await page.goto(`/account/order?order_no=${orderNo}`);
    const orderCard = page.locator(`[data-order-no="${orderNo}"]`);
    await expect(orderCard).toBeVisible();
    await orderCard.getByRole('button', { name: '查看账号' }).click();
    await expect(orderCard.getByText(/^剩余 \d/)).toBeVisible();
    await orderCard.getByRole('button', { name: '投诉' }).click();
    const complaint = page.getByRole('dialog', { name: '投诉' });
    await complaint.getByRole('radio', { name: '账号无法登录' }).check();
    await complaint.getByLabel('问题描述').fill('账号登录时一直提示密码错误，大约一个小时无法进入游戏。');
    await complaint.getByLabel('选择凭证图片').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: await picture() });
    await expect(complaint.getByRole('list', { name: '已上传的图片' }).getByRole('img')).toHaveCount(1);
    await complaint.getByRole('button', { name: '提交投诉' }).click();
    await expect(complaint).toBeHidden();
    await expect(page.getByText('投诉已提交，我们会尽快处理')).toBeVisible();
    const balanceBefore = (await apiAs<{ walletsInfo: { balance_fen: number } }>(page, 'GET', '/account/wallets')).walletsInfo.balance_fen;

    // 3. kf01 opens the queue: the open complaints come first, this one among them.
    const agent = await newPage(browser, width);
    await signInOperator(agent, OPERATORS.service.username, OPERATORS.service.password, '/ops/complaints');
    await expect(agent).toHaveURL(/\/ops\/complaints$/);
    await agent.getByRole('search', { name: '筛选投诉' }).getByLabel('订单号或用户名').fill(orderNo);
    await agent.getByRole('search', { name: '筛选投诉' }).getByRole('button', { name: '筛选' }).click();
    await expect(agent).toHaveURL(new RegExp(`q=${orderNo}`));
    const row = agent.getByRole('table', { name: '投诉列表' }).getByRole('row').filter({ hasText: orderNo });
    await expect(row).toContainText('处理中');
    await expect(row).toContainText('账号无法登录');
    await expectNoSidewaysScroll(agent);
    await shoot(agent, 'queue', width);
    await row.getByRole('link', { name: /处理/ }).click();

    // 4. The detail: the statement and its picture, the order's money, the access log, the timeline.
    await expect(agent).toHaveURL(/\/ops\/complaints\/detail\?id=\d+/);
    const complaintId = Number(new URL(agent.url()).searchParams.get('id'));
    await expect(agent.getByRole('heading', { name: `投诉 #${complaintId}`, level: 1 })).toBeVisible();
    await expect(agent.locator('[data-renter-statement]')).toContainText('提示密码错误');
    await expect(agent.getByRole('list', { name: '租客凭证图片' }).getByRole('img')).toHaveCount(1);
    await expect(agent.getByRole('table', { name: '账号信息查看记录' }).getByRole('row').filter({ hasText: '租客' })).toHaveCount(2);
    const timeline = agent.getByRole('list', { name: '订单时间线' });
    await expect(timeline).toContainText('支付成功');
    await expect(timeline).toContainText('租客投诉');
    await expect(timeline).toContainText('租客首次查看账号信息');
    await expectNoSidewaysScroll(agent);
    await shoot(agent, 'detail', width);

    // 5. A partial refund of ¥1.50, with the preview, the confirm step and the result.
    await waitForHydration(agent, 'ComplaintDecisionForm');
    const form = agent.getByRole('form', { name: '处理投诉' });
    await form.getByRole('radio', { name: /部分退款/ }).check();
    await form.getByLabel(/退款金额/).fill(REFUND_YUAN);
    await form.getByLabel(/处理说明/).fill(DECISION_TEXT);
    await expect(form.locator('[data-decision-preview]')).toContainText(`退给租客 ¥${REFUND_YUAN}`);
    await form.getByRole('button', { name: '提交处理' }).click();
    const confirm = agent.getByRole('dialog', { name: '确认处理投诉' });
    await expect(confirm).toContainText('部分退款');
    await shoot(agent, 'confirm', width);
    await confirm.getByRole('button', { name: '确认处理' }).click();
    await expect(agent.getByRole('status').filter({ hasText: `投诉 #${complaintId} 已处理：部分退款` })).toBeVisible();
    await expect(agent.locator('[data-ops-decision="refund_partial"]')).toContainText(`退给租客 ¥${REFUND_YUAN}`);
    await expect(agent.getByRole('list', { name: '本投诉的操作记录' })).toContainText('complaint.decide');
    await expectNoSidewaysScroll(agent);
    await shoot(agent, 'decided', width);
    await agent.context().close();

    // 6. The renter: 我的投诉 shows the decision, 资金明细 the refund, the wallet has it.
    await page.goto('/account/complain');
    const decided = page.locator(`[data-complaint-id="${complaintId}"]`);
    await expect(decided.getByText('已处理')).toBeVisible();
    const decision = decided.getByRole('region', { name: '平台处理结果' });
    await expect(decision).toContainText('部分退款');
    await expect(decision).toContainText(`退还租金 ¥${REFUND_YUAN}`);
    await expect(decision).toContainText(DECISION_TEXT);
    await expect(decided.getByRole('list', { name: '我的凭证图片' }).getByRole('img')).toHaveCount(1);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'renter-complaints', width);
    await page.goto('/account/fundsDetail');
    const refundRow = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '投诉退款' }) });
    await expect(refundRow.first()).toContainText(`+${REFUND_YUAN}`);
    await expectNoSidewaysScroll(page);
    await shoot(page, 'renter-funds', width);
    const balanceAfter = (await apiAs<{ walletsInfo: { balance_fen: number } }>(page, 'GET', '/account/wallets')).walletsInfo.balance_fen;
    expect(balanceAfter - balanceBefore).toBe(150);
    await page.goto('/account/account_notify?filter=complaint');
    await expect(page.getByRole('link', { name: '查看投诉' }).first()).toHaveAttribute('href', '/account/complain');

    // 7. The owner: the notification leads to 出租订单 on that order, with the decision and their share.
    const ownerPage = await newPage(browser, width);
    await ownerPage.goto('/account/account_notify?filter=complaint');
    await signIn(ownerPage, owner.username, owner.password);
    const note = ownerPage.getByRole('article').filter({ hasText: orderNo }).first();
    await expect(note).toContainText('租客投诉已处理');
    await note.getByRole('link', { name: '查看订单' }).click();
    await expect(ownerPage).toHaveURL(new RegExp(`/seller/orders\\?order_no=${orderNo}$`));
    await waitForHydration(ownerPage, 'SellerOrders');
    const sold = ownerPage.locator(`article[data-order-no="${orderNo}"]`);
    await expect(sold).toBeVisible();
    const ownerDecision = sold.getByRole('region', { name: '平台处理结果' });
    await expect(ownerDecision).toContainText('部分退款');
    await expect(ownerDecision).toContainText(`退还租客租金 ¥${REFUND_YUAN}`);
    await expect(ownerDecision).toContainText('其中由您的收益承担');
    await expect(ownerDecision).toContainText(DECISION_TEXT);
    await expect(sold.getByRole('list', { name: '租客凭证图片' }).getByRole('img')).toHaveCount(1);
    await expectNoSidewaysScroll(ownerPage);
    await shoot(ownerPage, 'owner-orders', width);
    await ownerPage.context().close();
  });
}
