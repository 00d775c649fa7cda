/**
 * Issue 25 "Two people for big money" end to end: a new user registers; the finance operator cw01
 * credits them ¥5,000 on the user's page, which goes to approval (已提交，等待另一位运营人员审批)
 * and moves nothing; on 待审批 cw01 sees only 撤回 on the request and the server refuses cw01's own
 * approval; the admin ops01 approves it in the browser and the user's balance shows ¥5,000. The
 * approvals screen is photographed at 1280 and 390 px (also into /tmp/approvals-shots/).
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS, apiAs, phoneFor, registerWithPhone, signInOperator, waitForAllHydrated, waitForHydration } from './support';

test.describe.configure({ timeout: 480_000 });

const SHOTS_DIR = '/tmp/approvals-shots';

async function shootApprovals(page: Page, path: string, name: string, outputPath: (name: string) => string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(1);
    await page.screenshot({ path: outputPath(`${name}-${width}.png`), fullPage: true });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${width}.png`, fullPage: true });
  }
}

test('cw01 asks to credit ¥5,000; it waits; ops01 approves it in the browser and the balance changes', async ({ page, browser }, testInfo) => {
  const testId = 25_500 + testInfo.workerIndex * 10 + testInfo.retry;
  const phone = phoneFor(testId);

  // 1. A new user with an empty wallet.
  await registerWithPhone(page, phone, 'maker_checker_2026');
  const start = await apiAs<{ walletsInfo: { balance_fen: number } }>(page, 'GET', '/account/wallets');
  expect(start.walletsInfo.balance_fen).toBe(0);

  // 2. cw01 credits ¥5,000 on the user's page: it goes to approval, nothing moves.
  const makerContext = await browser.newContext();
  const maker = await makerContext.newPage();
  await signInOperator(maker, OPERATORS.finance.username, OPERATORS.finance.password, '/ops/users');
  await maker.goto(`/ops/users?q=${phone}`);
  const row = maker.locator('tbody tr').filter({ hasText: `${phone.slice(0, 3)}****${phone.slice(-4)}` });
  await expect(row).toHaveCount(1);
  await row.getByRole('link', { name: '查看' }).click();
  const userId = Number(new URL(maker.url()).searchParams.get('id'));
  expect(userId).toBeGreaterThan(0);
  await waitForHydration(maker, 'OpsForm');
  const form = maker.getByRole('form', { name: '钱包调账' });
  await form.getByLabel('方向').selectOption('credit');
  await form.getByLabel('金额（元）').fill('5000');
  await form.getByLabel('调账原因').fill('大额活动奖励');
  await form.getByRole('button', { name: '确认调账' }).click();
  await expect(maker.locator('#ops-flash')).toHaveText('已提交，等待另一位运营人员审批');
  await expect(maker.locator('[data-wallet-balance]')).toHaveText('¥0.00');

  // 3. On 待审批 the maker may only withdraw their own request; the server refuses their approval.
  await maker.goto('/ops/approvals');
  const mine = maker.locator('tr[data-kind="wallet.credit"]').filter({ hasText: `#${userId}` });
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('¥5000.00');
  await expect(mine).toContainText('大额活动奖励');
  await expect(mine.getByRole('button', { name: '撤回' })).toBeVisible();
  await expect(mine.getByRole('button', { name: '通过' })).toHaveCount(0);
  const approvalId = Number(await mine.getAttribute('data-approval'));
  const own = await maker.evaluate(async (id) => {
    const response = await fetch('/api/v1/ops/approvals/approve', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ id }) });
    return { status: response.status, body: (await response.json()) as { msg: string } };
  }, approvalId);
  expect(own).toMatchObject({ status: 403, body: { msg: '不能审批自己提交的申请，请由另一位运营人员审批' } });

  // 4. ops01 sees it pending (photographed), approves it; it runs once.
  const checkerContext = await browser.newContext();
  const checker = await checkerContext.newPage();
  await signInOperator(checker, OPERATORS.admin.username, OPERATORS.admin.password, '/ops/approvals');
  await shootApprovals(checker, '/ops/approvals', 'approvals-pending', (name) => testInfo.outputPath(name));
  await checker.setViewportSize({ width: 1280, height: 900 });
  await checker.goto('/ops/approvals');
  await waitForAllHydrated(checker, 'OpsAction');
  const request = checker.locator(`tr[data-approval="${approvalId}"]`);
  await expect(request.locator('[data-status]')).toHaveText('待审批');
  await expect(request).toContainText(OPERATORS.finance.username);
  await request.getByRole('button', { name: '通过' }).click();
  const dialog = checker.getByRole('dialog', { name: '通过并执行' });
  await expect(dialog).toContainText('¥5000.00');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(checker.locator('#ops-flash')).toContainText('已通过并执行');
  await expect(checker.locator(`tr[data-approval="${approvalId}"]`)).toHaveCount(0);

  await checker.goto('/ops/approvals?state=executed');
  await expect(checker.locator(`tr[data-approval="${approvalId}"] [data-status]`)).toHaveText('已通过并执行');
  await expect(checker.locator(`tr[data-approval="${approvalId}"]`)).toContainText(OPERATORS.admin.username);
  await shootApprovals(checker, '/ops/approvals?state=all', 'approvals-all', (name) => testInfo.outputPath(name));
  await checkerContext.close();

  // 5. The user's balance changed, once; the maker's page shows it too.
  const after = await apiAs<{ walletsInfo: { balance_fen: number } }>(page, 'GET', '/account/wallets');
  expect(after.walletsInfo.balance_fen).toBe(500_000);
  await maker.goto(`/ops/users/detail?id=${userId}`);
  await expect(maker.locator('[data-wallet-balance]')).toHaveText('¥5000.00');
  await expect(maker.locator('tr[data-ledger="ops_adjust"]')).toHaveCount(1);
  await makerContext.close();
});
