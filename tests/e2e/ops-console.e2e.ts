/**
 * Issue 15 "Roles and the console": the console is there for operators only. A visitor and a
 * signed-in renter get the site's 404 page on every console screen; an operator signs in at
 * /ops/login, sees only the screens of their role, gets the console's 403 page for the others;
 * an admin adds an operator and finds it in the audit log. At 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { AUTH_STORAGE_KEY } from '../../src/platform/stores/auth';
import { OPERATORS, signIn, signInOperator, waitForAllHydrated, waitForHydration } from './support';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe('the console does not exist for renters', () => {
  for (const path of ['/ops', '/ops/complaints', '/ops/audit', '/ops/users/detail?id=1']) {
    test(`a visitor gets the 404 page at ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: '页面不存在' })).toBeAttached();
      await expect(page.getByRole('navigation', { name: '后台菜单' })).toHaveCount(0);
    });
  }

  test('a signed-in renter gets the same 404 page and 404 from the console calls', async ({ page }) => {
    await page.goto('/');
    await signIn(page, 'renter01', 'renter_pass01');
    const response = await page.goto('/ops');
    expect(response?.status()).toBe(404);
    const call = await page.evaluate(async (key) => {
      const token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: { token?: string } }).token?.token;
      if (!token) throw new Error('not signed in');
      const answer = await fetch('/api/v1/ops/auth/me', { headers: { authorization: `Bearer ${token}` } });
      return { status: answer.status, body: (await answer.json()) as unknown };
    }, AUTH_STORAGE_KEY);
    expect(call).toEqual({ status: 404, body: { code: 1, msg: '接口不存在', data: null } });
  });
});

test.describe('operators', () => {
  for (const width of [1280, 390]) {
    test(`an admin signs in, adds an operator and finds it in the audit log (${width} px)`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await signInOperator(page, OPERATORS.admin.username, OPERATORS.admin.password);
      await expect(page).toHaveURL(/\/ops$/);
      await expect(page.locator('[data-ops-operator]')).toContainText('管理员');
      await expectNoSidewaysScroll(page);

      await page.goto('/ops/operators');
      await waitForAllHydrated(page, 'OpsForm');
      const username = `e2e${width}${testInfo.workerIndex}${Date.now() % 100000}`;
      const form = page.getByRole('form', { name: '新增运营人员' });
      await form.getByLabel('用户名').fill(username);
      await form.getByLabel('姓名').fill('测试客服');
      await form.getByLabel('角色').selectOption('service');
      await form.getByLabel('初始密码').fill('e2e_password_1');
      await form.getByRole('button', { name: '新增' }).click();
      await expect(page.getByRole('status').filter({ hasText: '已新增运营人员' })).toBeVisible();
      await expect(page.locator(`tr[data-operator="${username}"]`)).toContainText('客服');
      await page.screenshot({ path: testInfo.outputPath(`operators-${width}.png`), fullPage: true });

      await page.goto(`/ops/audit?action=operator.create&target_type=operator`);
      await expect(page.getByRole('table')).toContainText('operator.create');
      await expect(page.getByRole('table')).toContainText(OPERATORS.admin.username);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: testInfo.outputPath(`audit-${width}.png`), fullPage: true });
    });
  }

  test('a failed sign-in shows in the audit log under the name tried, marked 未登录, with the browser', async ({ page, browser }) => {
    const ghost = `ghost${Date.now() % 1_000_000_000}`;
    await page.goto('/ops/login');
    await waitForHydration(page, 'OpsLogin');
    const form = page.getByRole('form', { name: '运营后台登录' });
    await form.getByLabel('用户名').fill(ghost);
    await form.getByLabel('密码').fill('not_the_password_1');
    await form.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('status')).toHaveText('用户名或密码错误');

    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInOperator(admin, OPERATORS.admin.username, OPERATORS.admin.password, `/ops/audit?operator=${ghost}`);
    const row = admin.getByRole('table').locator('tbody tr').first();
    await expect(row).toContainText(ghost);
    await expect(row).toContainText('未登录');
    await expect(row).toContainText('登录失败');
    await expect(row).toContainText('session.login_failed');
    await expect(row).toContainText('用户名不存在');
    await expect(row).toContainText(await page.evaluate(() => navigator.userAgent.slice(0, 40)));
    await expect(admin.getByRole('table')).not.toContainText('not_the_password_1');
    await adminContext.close();
  });

  test('customer service sees only its screens and gets 403 on the others', async ({ page }) => {
    await signInOperator(page, OPERATORS.service.username, OPERATORS.service.password);
    const menu = page.getByRole('navigation', { name: '后台菜单' });
    await expect(menu.getByRole('link', { name: '投诉仲裁' }).first()).toBeAttached();
    await expect(menu.getByRole('link', { name: '提现审核' })).toHaveCount(0);
    await expect(menu.getByRole('link', { name: '操作日志' })).toHaveCount(0);
    const response = await page.goto('/ops/withdrawals');
    expect(response?.status()).toBe(403);
    // The status line's reason phrase too ("HTTP/1.1 403 Forbidden", not an empty one).
    expect(response?.statusText()).toBe('Forbidden');
    await expect(page.getByRole('heading', { name: '无权访问' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('客服');
  });

  test('signing out ends the session; the console is gone again', async ({ page }) => {
    await signInOperator(page, OPERATORS.finance.username, OPERATORS.finance.password, '/ops/account');
    await expect(page).toHaveURL(/\/ops\/account$/);
    await waitForHydration(page, 'OpsSignOut');
    await page.getByRole('button', { name: '退出登录' }).click();
    await expect(page).toHaveURL(/\/ops\/login$/);
    const response = await page.goto('/ops/account');
    expect(response?.status()).toBe(404);
  });

  test('a wrong password is refused without saying which part was wrong (390 px)', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/ops/login');
    await waitForHydration(page, 'OpsLogin');
    const form = page.getByRole('form', { name: '运营后台登录' });
    await form.getByLabel('用户名').fill('ops01');
    await form.getByLabel('密码').fill('not_the_password');
    await form.getByRole('button', { name: '登录' }).click();
    await expect(form.getByRole('status')).toHaveText('用户名或密码错误');
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: testInfo.outputPath('login-390.png') });
  });
});
