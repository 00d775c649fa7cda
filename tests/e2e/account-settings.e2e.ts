/**
 * Issue 16 account area in a real browser: a new user changes the nickname on 个人中心 and the
 * header shows it; binds an email on 账号设置 with the code from the sandbox mailbox (the outbox),
 * after the 验证身份 dialog (issue 25);
 * changes the login password with the old one, which signs a second browser out while this one
 * stays signed in; then signs in again with the new password. Screenshots at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { apiAs, loginDialog, passwordLogin, proveIdentity, registerWithPhone, phoneFor, smsCodeFor, solveSlider, waitForChrome, waitForHydration } from './support';

// Registration, two browsers, two sliders and three screenshots at two widths, under a loaded machine.
test.describe.configure({ timeout: 480_000 });

async function shoot(page: Page, name: string): Promise<void> {
  const dir = process.env.ACCOUNT_SCREENSHOTS;
  if (!dir) return;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('nickname in the header, an email bound by code, a password change that signs the other browser out', async ({ page, browser }, testInfo) => {
  const phone = phoneFor(16_160_000 + testInfo.workerIndex);
  const password = 'first_pass_16';
  await registerWithPhone(page, phone, password);

  // 个人中心: change the nickname; the header's user menu shows it at once.
  await page.goto('/account/personal');
  await waitForHydration(page, 'PersonalProfile');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: '修改昵称' }).click();
  const nickname = main.getByLabel('新昵称');
  await nickname.fill('a');
  await main.getByRole('button', { name: '保存' }).click();
  await expect(main.getByText('昵称长度为2-16个字符')).toBeVisible();
  await nickname.fill('设置达人16');
  await main.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('昵称已更新')).toBeVisible();
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('button', { name: '设置达人16' })).toBeVisible();
  await expect(main.getByText(`${phone.slice(0, 3)}****${phone.slice(-4)}`)).toBeVisible();

  // The avatar: uploaded (sniffed and re-encoded by the server), shown on the page and in the header.
  const png = await sharp({ create: { width: 240, height: 240, channels: 3, background: '#2a7' } }).png().toBuffer();
  await main.getByLabel('更换头像').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('头像已更新')).toBeVisible();
  await expect(main.getByRole('img', { name: '我的头像' })).toHaveAttribute('src', /^\/uploads\/\d+-[0-9a-f]+\/detail\.webp$/);
  await expect(banner.locator('[data-user-initial]')).toHaveCSS('background-image', /\/uploads\//);
  await shoot(page, 'personal');
  // The name survives a reload (it was saved, not only shown).
  await page.reload();
  await waitForChrome(page);
  await expect(banner.getByRole('button', { name: '设置达人16' })).toBeVisible();

  // 账号设置: bind an email with the code from the sandbox mailbox.
  await page.goto('/account/system');
  await waitForHydration(page, 'AccountSettings');
  await expect(main.getByRole('heading', { name: '登录设备' })).toBeVisible();
  await expect(main.getByText('当前设备')).toBeVisible();
  await shoot(page, 'system');
  await main.getByRole('button', { name: '绑定邮箱' }).click();
  const email = `e2e16.${testInfo.workerIndex}@example.com`;
  const emailForm = main.getByRole('form', { name: '绑定邮箱' });
  await emailForm.getByLabel('新邮箱').fill(email);
  await emailForm.getByRole('button', { name: '获取验证码' }).click();
  await solveSlider(page);
  await expect(page.getByText('验证码已发送')).toBeVisible();
  await emailForm.getByLabel('邮箱验证码').fill(await smsCodeFor(page.context(), email));
  await emailForm.getByRole('button', { name: '确认绑定' }).click();
  // A first email needs the re-authentication window (issue 25): the 验证身份 dialog, then the bind.
  await proveIdentity(page, password);
  await expect(page.getByText('邮箱绑定成功')).toBeVisible();
  await expect(main.getByText('e***@example.com')).toBeVisible();

  // A second browser signed in as the same user.
  // An empty storage state: nothing to restore on other hosts, and /account/personal shows no popups.
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL, storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await otherPage.goto('/account/personal');
  await waitForChrome(otherPage);
  await otherPage.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await loginDialog(otherPage).getByRole('tab', { name: '账号登录' }).click();
  await passwordLogin(otherPage, phone, password);
  await expect(otherPage.getByRole('banner').getByRole('button', { name: '设置达人16' })).toBeVisible();

  // Change the password with the old one.
  await main.getByRole('button', { name: '修改密码' }).click();
  const passwordForm = main.getByRole('form', { name: '修改登录密码' });
  await passwordForm.getByRole('textbox', { name: '原密码' }).fill('wrong_pass_16');
  await passwordForm.getByLabel('新密码', { exact: true }).fill('second_pass_16');
  await passwordForm.getByLabel('确认新密码').fill('second_pass_16');
  await passwordForm.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('原密码错误')).toBeVisible();
  await passwordForm.getByRole('textbox', { name: '原密码' }).fill(password);
  await passwordForm.getByRole('button', { name: '确认修改' }).click();
  await expect(page.getByText('登录密码已修改，其他设备已退出登录')).toBeVisible();
  // The device list is fetched anew: only this browser is left.
  await expect(main.getByRole('list', { name: '已登录的设备' }).getByRole('listitem')).toHaveCount(1);
  // One device row per browser; this one now holds a single sign-in.
  await expect(main.locator('[data-device-group]')).toHaveAttribute('data-device-group', '1');
  await shoot(page, 'system-after');

  // This browser is still signed in; the other one is not.
  const me = await apiAs<{ nickname: string; has_email: boolean }>(page, 'GET', '/common/userInfo');
  expect(me).toMatchObject({ nickname: '设置达人16', has_email: true });
  const otherStatus = await otherPage.evaluate(async () => {
    const stored = JSON.parse(localStorage.getItem('auth') ?? '{}') as { token?: { token?: string } };
    const response = await fetch('/api/v1/common/userInfo', { headers: { authorization: `Bearer ${stored.token?.token}` } });
    return response.status;
  });
  expect(otherStatus).toBe(401);
  await other.close();

  // Sign out and back in with the new password.
  await banner.getByRole('button', { name: '设置达人16' }).click();
  await page.getByRole('menuitem', { name: '退出登录' }).click();
  await banner.getByRole('button', { name: '登录', exact: true }).click();
  await loginDialog(page).getByRole('tab', { name: '账号登录' }).click();
  await passwordLogin(page, phone, 'second_pass_16');
  await expect(page.getByText('登录成功！')).toBeVisible();
});
