/**
 * Issue 15 withdrawal review end to end: a new user (real name verified, ¥800 recharged through the
 * sandbox gateway) withdraws twice above the ¥100 review threshold; both wait 审核中 with the money
 * frozen. The finance operator cw01 refuses one with a reason and asks to pay the other on
 * /ops/withdrawals; the admin ops01 approves the payout on 待审批 (maker-checker); the user then sees 已拒绝 with the reason (the money back in the balance) and 已到账. The finance
 * report shows the payout. Screenshots at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS, apiAs, phoneFor, proveIdentity, registerWithPhone, verifyAndRecharge, signInOperator, waitForAllHydrated, waitForHydration } from './support';

test.describe.configure({ timeout: 480_000 });

const REAL_NAME = '钱审核';

async function shoot(page: Page, path: string, name: string, outputPath: (name: string) => string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
  }
}

test('a user withdraws above the threshold; cw01 refuses one with a reason and pays the other; the user sees both', async ({ page, browser }, testInfo) => {
  const testId = 41_200 + testInfo.workerIndex * 10 + testInfo.retry;
  const phone = phoneFor(testId);

  // 1. A new user with a verified real name and ¥800 in the wallet (sandbox Alipay recharge).
  await registerWithPhone(page, phone, 'withdraw_pass_2026');
  await verifyAndRecharge(page, testId, REAL_NAME, '800');

  // 2. Bind Alipay and withdraw ¥300 on the page, ¥200 more through the API: both above ¥100.
  await page.goto('/account/Withdraw');
  await waitForHydration(page, 'WithdrawPanel');
  await page.getByLabel('支付宝账号').fill(phone);
  await page.getByLabel('真实姓名').fill(REAL_NAME);
  await page.getByRole('button', { name: '绑定', exact: true }).click();
  // A payout account needs the re-authentication window (issue 25).
  await proveIdentity(page, 'withdraw_pass_2026');
  await page.getByLabel('提现金额（元）').fill('300');
  await page.getByRole('button', { name: '申请提现' }).click();
  await expect(page.getByText('提现申请已提交')).toBeVisible();
  const second = await apiAs<{ withdraw_no: string; status: string }>(page, 'POST', '/account/withdraw', { amount: '200' });
  expect(second.status).toBe('review');
  const mine = await apiAs<{ list: { withdraw_no: string; status: string; amount: string }[] }>(page, 'GET', '/account/withdrawList');
  const first = mine.list.find((row) => row.amount === '300.00')!;
  expect(first.status).toBe('review');
  const wallet = await apiAs<{ walletsInfo: { balance_fen: number; frozen_fen: number } }>(page, 'GET', '/account/wallets');
  expect(wallet.walletsInfo).toMatchObject({ balance_fen: 30_000, frozen_fen: 50_000 });

  // 3. cw01 finds them by phone on /ops/withdrawals: refuses the ¥300 with a reason, pays the ¥200.
  const opsContext = await browser.newContext();
  const ops = await opsContext.newPage();
  await signInOperator(ops, OPERATORS.finance.username, OPERATORS.finance.password, `/ops/withdrawals?q=${phone}`);
  await expect(ops).toHaveURL(/\/ops\/withdrawals/);
  await waitForAllHydrated(ops, 'OpsAction');
  await shoot(ops, `/ops/withdrawals?q=${phone}`, 'ops-withdrawals-queue', (name) => testInfo.outputPath(name));
  await ops.setViewportSize({ width: 1280, height: 900 });
  await ops.goto(`/ops/withdrawals?q=${phone}`);
  await waitForAllHydrated(ops, 'OpsAction');
  const refuseRow = ops.locator(`[data-withdrawal="${first.withdraw_no}"]`);
  await expect(refuseRow.locator('[data-status]')).toHaveText('审核中');
  await refuseRow.getByRole('button', { name: '拒绝' }).click();
  const dialog = ops.getByRole('dialog', { name: /拒绝/ });
  await dialog.getByLabel(/拒绝原因/).fill('收款账户与实名信息不一致，请核对后重新申请');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(ops.getByText('已拒绝，¥300.00 已退回用户余额')).toBeVisible();

  await waitForAllHydrated(ops, 'OpsAction');
  const payRow = ops.locator(`[data-withdrawal="${second.withdraw_no}"]`);
  await payRow.getByRole('button', { name: '打款' }).click();
  await ops.getByRole('dialog', { name: '确认打款' }).getByRole('button', { name: '确定' }).click();
  await expect(ops.locator('#ops-flash')).toHaveText('已提交，等待另一位运营人员审批');
  await expect(payRow.locator('[data-status]')).toHaveText('审核中');
  await expect(payRow.locator('[data-pay-pending]')).toContainText('打款待审批');

  // A second operator (the admin) approves the payout on 待审批; only then is it paid.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await signInOperator(checker, OPERATORS.admin.username, OPERATORS.admin.password, '/ops/approvals');
  await waitForAllHydrated(checker, 'OpsAction');
  const request = checker.locator('tr[data-kind="withdrawal.pay"]', { hasText: second.withdraw_no });
  await request.getByRole('button', { name: '通过' }).click();
  await checker.getByRole('dialog', { name: '通过并执行' }).getByRole('button', { name: '确定' }).click();
  await expect(checker.locator('#ops-flash')).toContainText('已通过并执行');
  await checkerContext.close();

  await ops.goto(`/ops/withdrawals?state=all&q=${phone}`);
  await expect(ops.locator(`[data-withdrawal="${first.withdraw_no}"] [data-status]`)).toHaveText('已拒绝');
  await expect(ops.locator(`[data-withdrawal="${first.withdraw_no}"]`)).toContainText('收款账户与实名信息不一致');
  await expect(ops.locator(`[data-withdrawal="${second.withdraw_no}"] [data-status]`)).toHaveText('已到账');
  await shoot(ops, `/ops/withdrawals?state=all&q=${phone}`, 'ops-withdrawals-decided', (name) => testInfo.outputPath(name));

  // The finance report counts today's payout; the ledger check holds.
  await ops.setViewportSize({ width: 1280, height: 900 });
  await ops.goto('/ops/finance');
  const today = ops.locator('[data-daily] tbody tr').first();
  await expect(today.locator('[data-col="withdrawals_paid_fen"]')).toContainText('¥200.00');
  await shoot(ops, '/ops/finance', 'ops-finance-daily', (name) => testInfo.outputPath(name));
  await ops.goto('/ops/finance?view=check');
  await expect(ops.locator('[data-ledger-check]')).toHaveAttribute('data-ledger-check', 'holds');
  await shoot(ops, `/ops/finance?view=ledger&user=${phone}`, 'ops-finance-ledger', (name) => testInfo.outputPath(name));
  await opsContext.close();

  // 4. The user sees both: 已拒绝 with the reason (the ¥300 back in the balance) and 已到账.
  const after = await apiAs<{ walletsInfo: { balance_fen: number; frozen_fen: number } }>(page, 'GET', '/account/wallets');
  expect(after.walletsInfo).toMatchObject({ balance_fen: 60_000, frozen_fen: 0 });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto('/account/Withdraw');
    await waitForHydration(page, 'WithdrawPanel');
    const refused = page.locator(`[data-withdraw-no="${first.withdraw_no}"]`);
    await expect(refused.locator('[data-status]')).toHaveText('已拒绝');
    await expect(refused.locator('[data-refuse-reason]')).toContainText('收款账户与实名信息不一致');
    await expect(page.locator(`[data-withdraw-no="${second.withdraw_no}"] [data-status]`)).toHaveText('已到账');
    await page.screenshot({ path: testInfo.outputPath(`user-withdrawals-${width}.png`), fullPage: true });
  }
  await page.goto('/account/account_notify');
  await waitForHydration(page, 'NotificationList');
  await expect(page.getByRole('list', { name: '消息列表' }).getByRole('article', { name: '提现未通过' })).toContainText('收款账户与实名信息不一致');
});
