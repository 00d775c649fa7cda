/**
 * Issue 13 end to end: a new user registers, verifies the real name and becomes an individual
 * owner, lists an account with two images; another user rents it through the sandbox Alipay
 * checkout; the owner sees the order (the renter masked), the rental ends (the sandbox time
 * machine, see docs/decisions.md "Settlement"), the earnings are released to the owner's wallet
 * and withdrawn to Alipay.
 */
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { idNumberFor, phoneFor, signIn, waitForHydration, apiAs, proveIdentity, registerWithPhone } from './support';

// Two accounts, a dozen pages, an upload and a gateway round trip: well past the default 30 s.
test.describe.configure({ timeout: 180_000 });

const picture = (colour: string): Promise<Buffer> => sharp({ create: { width: 800, height: 600, channels: 3, background: colour } }).jpeg().toBuffer();

test('a new user becomes an owner, lists an account, a renter rents it, the earnings are released and withdrawn', async ({ page, browser }, testInfo) => {
  const testId = 6_000 + testInfo.workerIndex * 10 + testInfo.retry;
  const phone = phoneFor(testId);
  const title = `【新号主】e2e全流程${Date.now()} 满皮肤`;

  // 1. Register with a phone and a password (the sandbox SMS outbox gives the code).
  await registerWithPhone(page, phone, 'seller_pass_2026');

  // 2. Become an individual owner: real name first, then the shop opens at once.
  await page.goto('/seller/apply');
  await waitForHydration(page, 'SellerApply');
  await page.getByRole('button', { name: '去认证' }).click();
  const realName = page.getByRole('dialog', { name: '实名认证' });
  await realName.getByLabel('真实姓名').fill('赵六');
  await realName.getByLabel('身份证号').fill(idNumberFor(testId));
  await realName.getByRole('button', { name: '提交' }).click();
  await expect(realName).toBeHidden();
  const application = page.getByRole('form', { name: '卖家认证申请' });
  await application.getByRole('radio', { name: '个人号主' }).check();
  await application.getByLabel('店铺名称').fill(`赵六的号铺${testInfo.workerIndex}`);
  await application.getByRole('button', { name: '立即开通' }).click();
  await expect(page).toHaveURL(/\/seller$/);
  await waitForHydration(page, 'SellerHome');
  await expect(page.getByText('个人号主', { exact: true })).toBeVisible();

  // 3. List an account with two images (review is off in the demo: it is on the shelf at once).
  await page.getByRole('link', { name: /^发布账号/ }).first().click();
  await waitForHydration(page, 'ListingForm');
  const form = page.getByRole('form', { name: '发布账号' });
  await form.getByRole('combobox', { name: '游戏', exact: true }).selectOption({ label: '王者荣耀' });
  await form.getByRole('combobox', { name: '平台', exact: true }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: '区服', exact: true }).selectOption({ index: 1 });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('角色名').fill('新号主的号');
  await form.getByLabel('段位').selectOption('至尊星耀');
  await form.getByLabel('皮肤数量').fill('88');
  await form.getByLabel('选择图片文件').setInputFiles([
    { name: 'cover.jpg', mimeType: 'image/jpeg', buffer: await picture('#b22') },
    { name: 'skins.jpg', mimeType: 'image/jpeg', buffer: await picture('#27a') },
  ]);
  await expect(form.getByRole('list', { name: '已上传的图片' }).getByRole('img')).toHaveCount(2);
  await form.getByLabel('时租价格（元/小时）').fill('20');
  await form.getByLabel('登录账号').fill('new_owner_wzry');
  await form.getByLabel('登录密码').fill('Owner-Secret-9');
  await form.getByRole('button', { name: '发布账号' }).click();
  await expect(page).toHaveURL(/\/seller\/listings$/);
  await waitForHydration(page, 'SellerListings');
  await expect(page.getByRole('article', { name: title }).getByText('已上架')).toBeVisible();
  const mine = await apiAs<{ list: { id: number; title: string }[] }>(page, 'GET', '/seller/listings');
  const listingId = mine.list.find((listing) => listing.title === title)!.id;

  // 4. Another user rents it for an hour and pays through the sandbox Alipay checkout.
  const renterContext = await browser.newContext();
  const renter = await renterContext.newPage();
  await renter.goto(`/detail/${listingId}.html`);
  await expect(renter.getByRole('heading', { name: title })).toBeVisible();
  await signIn(renter, 'store01', 'store_pass01');
  await waitForHydration(renter, 'RentalPicker');
  await renter.locator('[data-rental-picker]').getByRole('button', { name: '立即租号' }).click();
  const checkout = renter.getByRole('dialog', { name: '确认订单' });
  await checkout.getByRole('radio', { name: /支付宝/ }).check();
  await checkout.getByRole('button', { name: '提交订单' }).click();
  await expect(renter).toHaveURL(/\/sandbox\/pay\/P\d+/);
  await waitForHydration(renter, 'SandboxCheckout');
  await renter.getByRole('button', { name: '确认付款' }).click();
  await expect(renter).toHaveURL(/\/pay-result\?order_no=R\d+/);
  await expect(renter.getByText('支付成功', { exact: true })).toBeVisible();
  const orderNo = new URL(renter.url()).searchParams.get('order_no')!;
  await renterContext.close();

  // 5. The owner sees the order, the renter masked, the earnings frozen.
  await page.goto('/seller/orders');
  await waitForHydration(page, 'SellerOrders');
  const card = page.locator(`[data-order-no="${orderNo}"]`);
  await expect(card).toBeVisible();
  await expect(card.locator('[data-renter]')).toHaveText('租客***');
  await expect(card.locator('[data-earning-status]')).toHaveAttribute('data-earning-status', 'frozen');
  await expect(card).not.toContainText('store01');
  await expect(card).not.toContainText('峡谷电竞');

  // 6. The rental ends and the hold passes (sandbox time machine); the money sweep releases it.
  expect(await apiAs<{ status: number; earnings: string }>(page, 'POST', '/sandbox/orders/fast-forward', { order_no: orderNo })).toMatchObject({ status: 4, earnings: 'released' });
  await page.goto('/seller/earnings');
  await waitForHydration(page, 'SellerEarningsPanel');
  const released = page.locator('[data-earnings-figures]').getByText('已结算').locator('..');
  await expect(released.locator('dd').first()).toHaveText(/^¥(?!0\.00)\d+\.\d{2}$/);
  await page.goto('/account/fundsDetail');
  await expect(page.getByRole('cell', { name: '租金收入' }).first()).toBeVisible();

  // 7. Withdraw it to Alipay through the renter's own withdrawal flow.
  await page.goto('/account/Withdraw');
  await waitForHydration(page, 'WithdrawPanel');
  await page.getByLabel('支付宝账号').fill(`${phone}`);
  await page.getByLabel('真实姓名').fill('赵六');
  await page.getByRole('button', { name: '绑定', exact: true }).click();
  // A payout account needs the re-authentication window (issue 25).
  await proveIdentity(page, 'seller_pass_2026');
  await page.getByRole('button', { name: '全部提现' }).click();
  await page.getByRole('button', { name: '申请提现' }).click();
  await expect(page.getByText('提现申请已提交')).toBeVisible();
});
