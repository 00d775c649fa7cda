/**
 * Issue 25 "Operators' second factor": a finance operator the admin has just created signs in, is
 * made to enrol in two-step verification before the console opens (the secret typed from its text,
 * as a phone without a camera would), is shown ten recovery codes once, signs out, and signs in
 * again with a code. At 1280 and 390 px; screenshots of the screens go to /tmp/totp-shots/.
 */
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { OPERATORS, claimTotpCode, signInOperator, waitForAllHydrated, waitForHydration } from './support';

const SHOTS = '/tmp/totp-shots';

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function typePassword(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/ops/login');
  await waitForHydration(page, 'OpsLogin');
  const form = page.getByRole('form', { name: '运营后台登录' });
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码').fill(password);
  await form.getByRole('button', { name: '登录' }).click();
}

test.describe('console second factor', () => {
  for (const width of [1280, 390]) {
    test(`a new finance operator enrols at first sign-in, then signs in with a code (${width} px)`, async ({ page, browser }, testInfo) => {
      mkdirSync(SHOTS, { recursive: true });
      const username = `cwt${width}${testInfo.workerIndex}${Date.now() % 100000}`;
      const password = 'e2e_finance_pass1';

      // The admin (who passes the demo admin's code step) creates the finance operator.
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await signInOperator(admin, OPERATORS.admin.username, OPERATORS.admin.password, '/ops/operators');
      await waitForAllHydrated(admin, 'OpsForm');
      const create = admin.getByRole('form', { name: '新增运营人员' });
      await create.getByLabel('用户名').fill(username);
      await create.getByLabel('姓名').fill('测试财务');
      await create.getByLabel('角色').selectOption('finance');
      await create.getByLabel('初始密码').fill(password);
      await create.getByRole('button', { name: '新增' }).click();
      await expect(admin.locator(`tr[data-operator="${username}"]`)).toContainText('未启用');

      // The password alone leads to enrolment; the console itself stays shut.
      await page.setViewportSize({ width, height: 900 });
      await typePassword(page, username, password);
      await expect(page.getByRole('heading', { name: '绑定两步验证' })).toBeVisible();
      const secretBox = page.locator('[data-totp-secret]');
      await expect(secretBox).toBeVisible();
      await expect(page.getByRole('img', { name: '两步验证二维码' }).locator('svg')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/enrol-${width}.png`, fullPage: true });
      const blocked = await page.request.get('/api/v1/ops/auth/me');
      expect(blocked.status()).toBe(404);
      expect((await page.goto('/ops/finance'))?.status()).not.toBe(200);
      // Going back re-renders the sign-in form: enrolment starts over from the password.
      await typePassword(page, username, password);
      await expect(secretBox).toBeVisible();

      // The secret as text, as a person would type it into the app.
      const secret = (await secretBox.textContent())!.replace(/\s+/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      const enrol = page.getByRole('form', { name: '绑定验证器' });
      await enrol.getByLabel('验证码').fill('000000');
      await enrol.getByRole('button', { name: '完成绑定' }).click();
      await expect(enrol.getByRole('status')).toHaveText('验证码不正确');
      await enrol.getByLabel('验证码').fill(await claimTotpCode(username, secret));
      await enrol.getByRole('button', { name: '完成绑定' }).click();

      const codes = page.getByRole('list', { name: '恢复码列表' }).getByRole('listitem');
      await expect(codes).toHaveCount(10);
      await expect(codes.first()).toHaveText(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/recovery-${width}.png`, fullPage: true });
      await page.getByRole('link', { name: '我已保存恢复码，进入后台' }).click();
      await expect(page.getByRole('navigation', { name: '后台菜单' })).toBeVisible();

      // Signing out, then the password and a code from the app.
      await waitForHydration(page, 'OpsSignOut');
      await page.getByRole('button', { name: '退出登录' }).click();
      await expect(page).toHaveURL(/\/ops\/login$/);
      await typePassword(page, username, password);
      const step = page.getByRole('form', { name: '两步验证' });
      await expect(step.getByLabel('验证码')).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.screenshot({ path: `${SHOTS}/code-${width}.png`, fullPage: true });
      await step.getByLabel('验证码').fill('123456');
      await step.getByRole('button', { name: '验证' }).click();
      await expect(step.getByRole('status')).toHaveText('验证码不正确');
      await step.getByLabel('验证码').fill(await claimTotpCode(username, secret));
      await step.getByRole('button', { name: '验证' }).click();
      await expect(page.getByRole('navigation', { name: '后台菜单' })).toBeVisible();
      await expect(page.locator('[data-ops-operator]')).toContainText('财务');

      // The admin sees it on, and the audit log has the enrolment and the failed code.
      await admin.goto('/ops/operators');
      await expect(admin.locator(`tr[data-operator="${username}"]`)).toContainText('已启用');
      await admin.goto(`/ops/audit?operator=${username}`);
      await expect(admin.getByRole('table')).toContainText('operator.totp_enrol');
      await expect(admin.getByRole('table')).toContainText('两步验证码错误');
      await adminContext.close();
    });
  }
});
