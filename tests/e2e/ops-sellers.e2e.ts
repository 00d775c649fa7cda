/**
 * Issue 15 "Sellers and listings", end to end: a new user applies as a store; the operator (yy01,
 * 运营) rejects the application with a reason the applicant reads on /seller/apply, then approves
 * the corrected one in /ops/sellers. The operator puts the new shop under review (逐条审核: the
 * site-wide review switch stays off, so the other specs running against this server are not
 * affected); the seller publishes an account, the operator rejects it in /ops/listings with a
 * reason the seller reads on 我的出租, the seller fixes it, the operator approves it and it appears
 * in the rental hall; taken down by the platform it leaves the hall and the seller reads why.
 * The three screens are photographed at 1280 and 390 px without sideways scrolling.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { OPERATORS, apiAs, idNumberFor, phoneFor, registerWithPhone, signInOperator, waitForAllHydrated, waitForHydration } from './support';

test.describe.configure({ timeout: 240_000 });

const picture = (colour: string): Promise<Buffer> => sharp({ create: { width: 640, height: 480, channels: 3, background: colour } }).png().toBuffer();

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Clicks a console action that asks first (confirm or reason) and waits for the reloaded page's result line. */
async function act(page: Page, scope: Locator, button: string, dialogName: string | RegExp, done: string | RegExp, reason?: string): Promise<void> {
  await waitForAllHydrated(page, 'OpsAction');
  await scope.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: dialogName });
  if (reason !== undefined) await dialog.getByRole('textbox').fill(reason);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.locator('#ops-flash')).toHaveText(done);
}

test('a store is certified in /ops/sellers, its listing rejected with a reason, approved into the hall, then taken down', async ({ page, browser }, testInfo) => {
  const testId = 7_200 + testInfo.workerIndex * 10 + testInfo.retry;
  const phone = phoneFor(testId);
  const stamp = Date.now() % 1_000_000;
  const shopName = `审核店${stamp}`;
  const title = `【运营审核】e2e${stamp} 全英雄`;

  // 1. A new user, real-name verified, applies as a store.
  await registerWithPhone(page, phone, 'store_pass_2026');
  await page.goto('/seller/apply');
  await waitForHydration(page, 'SellerApply');
  await page.getByRole('button', { name: '去认证' }).click();
  const realName = page.getByRole('dialog', { name: '实名认证' });
  await realName.getByLabel('真实姓名').fill('钱七');
  await realName.getByLabel('身份证号').fill(idNumberFor(testId));
  await realName.getByRole('button', { name: '提交' }).click();
  await expect(realName).toBeHidden();
  const application = page.getByRole('form', { name: '卖家认证申请' });
  await application.getByRole('radio', { name: /^店铺/ }).check();
  await application.getByLabel('店铺名称').fill(shopName);
  await application.getByLabel('主体名称').fill('审核测试商贸有限公司');
  await application.getByLabel('统一社会信用代码').fill(`91310000MA1K${String(stamp).padStart(6, '0')}`);
  await application.getByLabel('联系人').fill('钱七');
  await application.getByLabel('联系电话').fill('13800138000');
  await application.getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByRole('region', { name: '申请状态' })).toContainText('审核中');

  // 2. The operator finds it in the queue and rejects it with a reason.
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signInOperator(ops, OPERATORS.operations.username, OPERATORS.operations.password);
  await ops.goto(`/ops/sellers?q=${encodeURIComponent(shopName)}`);
  const row = ops.getByRole('row').filter({ hasText: shopName });
  await expect(row).toContainText('审核中');
  await expect(row).toContainText('审核测试商贸有限公司');
  await act(ops, row, '驳回', /驳回 .* 的认证/, /^已驳回 .* 的认证$/, '营业执照照片不清晰，请重新上传');
  await expect(ops.getByRole('row').filter({ hasText: shopName })).toContainText('驳回原因：营业执照照片不清晰，请重新上传');

  // 3. The applicant reads the reason, corrects and submits again; the operator approves.
  await page.reload();
  await waitForHydration(page, 'SellerApply');
  await expect(page.getByRole('region', { name: '申请状态' })).toContainText('驳回原因：营业执照照片不清晰，请重新上传');
  await page.screenshot({ path: testInfo.outputPath('seller-apply-rejected.png') });
  await page.getByRole('form', { name: '卖家认证申请' }).getByRole('button', { name: '提交审核' }).click();
  await expect(page.getByRole('region', { name: '申请状态' })).toContainText('审核中');
  await ops.reload();
  await act(ops, ops.getByRole('row').filter({ hasText: shopName }), '通过', '通过认证', /^已通过 .* 的认证$/);
  await expect(ops.getByRole('row').filter({ hasText: shopName })).toContainText('已通过');
  await page.reload();
  await waitForHydration(page, 'SellerApply');
  await expect(page.getByText(`您已是店铺卖家（${shopName}）`)).toBeVisible();

  // 4. The operator puts the new shop under review (only this shop; the site-wide switch stays off).
  await ops.goto(`/ops/sellers?view=shops&q=${encodeURIComponent(shopName)}`);
  const shopRow = ops.getByRole('row').filter({ hasText: shopName });
  await expect(shopRow).toContainText('店铺');
  await act(ops, shopRow, '开启', '开启', `「${shopName}」的新账号将逐条审核`);
  await expect(ops.getByRole('row').filter({ hasText: shopName })).toContainText('已开启');

  // 5. The seller publishes an account: it waits for review and is not in the hall.
  await page.goto('/seller/listings/new');
  await waitForHydration(page, 'ListingForm');
  const form = page.getByRole('form', { name: '发布账号' });
  await form.getByRole('combobox', { name: '游戏', exact: true }).selectOption({ label: '王者荣耀' });
  await form.getByRole('combobox', { name: '平台', exact: true }).selectOption({ index: 1 });
  await form.getByRole('combobox', { name: '区服', exact: true }).selectOption({ index: 1 });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('角色名').fill('审核之巅');
  await form.getByLabel('段位').selectOption('荣耀王者');
  await form.getByLabel('皮肤数量').fill('99');
  await form.getByLabel('选择图片文件').setInputFiles([{ name: 'cover.png', mimeType: 'image/png', buffer: await picture('#c63') }]);
  await expect(form.getByRole('list', { name: '已上传的图片' }).getByRole('img')).toHaveCount(1);
  await form.getByLabel('时租价格（元/小时）').fill('6');
  await form.getByLabel('登录账号').fill('review_e2e_account');
  await form.getByLabel('登录密码').fill('Review-Secret-1');
  await form.getByRole('button', { name: '发布账号' }).click();
  await page.waitForURL(/\/seller\/listings$/, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  await waitForHydration(page, 'SellerListings');
  await expect(page.getByRole('article', { name: title }).getByText('审核中')).toBeVisible();
  const mine = await apiAs<{ list: { id: number; title: string }[] }>(page, 'GET', '/seller/listings');
  const listingId = mine.list.find((listing) => listing.title === title)!.id;
  const hall = await browser.newPage();
  await hall.goto(`/zuhao.html?keyword=${encodeURIComponent(title)}`);
  // The cards only: the page's subtitle repeats the keyword searched for.
  const hallCards = hall.getByRole('region', { name: '账号列表' });
  await expect(hall.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hallCards.getByText(title)).toHaveCount(0);

  // 6. The operator rejects it with a reason; the seller reads it on 我的出租.
  await ops.goto(`/ops/listings?q=${listingId}`);
  const card = ops.getByRole('article', { name: title });
  await expect(card).toContainText('新发布');
  await expect(card).toContainText('¥6.00');
  await ops.screenshot({ path: testInfo.outputPath('ops-review-card.png') });
  await act(ops, card, '驳回', `驳回账号 ${listingId}`, `已驳回账号 ${listingId}`, '标题请勿使用【】符号');
  await page.reload();
  await waitForHydration(page, 'SellerListings');
  await expect(page.getByRole('article', { name: title })).toContainText('已驳回：标题请勿使用【】符号');

  // 7. The seller saves it again (back to review); the operator approves; it is in the hall at once.
  await page.goto(`/seller/listings/edit?id=${listingId}`);
  await waitForHydration(page, 'ListingForm');
  const edit = page.getByRole('form', { name: '编辑账号' });
  await expect(edit.getByText('已驳回：标题请勿使用【】符号')).toBeVisible();
  await edit.getByLabel('角色名').fill('审核之巅二');
  await edit.getByRole('button', { name: '保存修改' }).click();
  await page.waitForURL(/\/seller\/listings$/, { waitUntil: 'domcontentloaded', timeout: 30_000 });
  await ops.goto(`/ops/listings?q=${listingId}`);
  await act(ops, ops.getByRole('article', { name: title }), '通过', '通过审核', `已通过账号 ${listingId}`);
  await expect(ops.getByText('没有待审核的账号')).toBeVisible();
  await hall.reload();
  await expect(hallCards.getByText(title).first()).toBeVisible();

  // 8. Taken down by the platform: gone from the hall; the seller reads why and cannot re-list.
  await ops.goto(`/ops/listings?view=all&q=${listingId}`);
  const listingRow = ops.locator(`tr[data-listing="${listingId}"]`);
  await expect(listingRow).toContainText('租客可见');
  await act(ops, listingRow, '下架', `平台下架账号 ${listingId}`, `已下架账号 ${listingId}`, '账号图片与描述不符');
  await expect(ops.locator(`tr[data-listing="${listingId}"]`)).toContainText('平台下架：账号图片与描述不符');
  await hall.reload();
  await expect(hall.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(hallCards.getByText(title)).toHaveCount(0);
  await page.reload();
  await waitForHydration(page, 'SellerListings');
  const held = page.getByRole('article', { name: title });
  await expect(held).toContainText('平台下架：账号图片与描述不符');
  await expect(held.getByRole('button', { name: '上架' })).toHaveCount(0);
  await page.setViewportSize({ width: 390, height: 900 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: testInfo.outputPath('seller-listing-held-390.png'), fullPage: true });

  // The audit log holds every step (an admin reads it).
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInOperator(admin, OPERATORS.admin.username, OPERATORS.admin.password, `/ops/audit?target_type=listing&target_id=${listingId}`);
  const log = admin.getByRole('table');
  for (const action of ['listing.reject', 'listing.approve', 'listing.take_down']) await expect(log).toContainText(action);
  await Promise.all([opsContext.close(), adminContext.close(), hall.close()]);
});

test.describe('the screens at both widths', () => {
  for (const width of [1280, 390]) {
    test(`卖家认证, 账号审核 and 游戏维护 fit ${width} px`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password);
      for (const [path, heading] of [
        ['/ops/sellers', '卖家认证'],
        ['/ops/sellers?view=shops', '卖家认证'],
        ['/ops/listings', '账号审核'],
        ['/ops/listings?view=all', '账号审核'],
        ['/ops/games', '游戏维护'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoSidewaysScroll(page);
        await page.screenshot({ path: testInfo.outputPath(`${path.replace(/[/?=]+/g, '-').replace(/^-/, '')}-${width}.png`), fullPage: true });
      }
      // The maintenance dialog asks for the notice renters will read (not sent: other specs rent these games).
      await waitForAllHydrated(page, 'OpsAction');
      await page.getByRole('button', { name: '设为维护' }).first().click();
      const dialog = page.getByRole('dialog', { name: /设为维护/ });
      await expect(dialog.getByRole('textbox', { name: /维护说明/ })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`ops-games-dialog-${width}.png`) });
      await dialog.getByRole('button', { name: '取消' }).click();
      await expect(dialog).toBeHidden();
    });
  }
});
