/**
 * Issue 25 "A real captcha in production", the Aliyun Captcha 2.0 adapter: a production start with
 * CAPTCHA_PROVIDER=aliyun, its verification endpoint and its widget script both pointed at the
 * local fake (tests/integration/fake-aliyun-captcha.ts, which serves a stand-in AliyunCaptcha.js).
 * After more than 3 wrong passwords (spec §5 -410) the 安全验证 dialog loads the widget script,
 * only then and only from the configured host; the widget's captchaVerifyParam goes to
 * common/captcha/verify, the server asks the fake over the signed API, and the verify_key signs
 * the right password in. The page's Content-Security-Policy names the widget's host in this mode
 * and no CSP violation is reported. The data folder is seeded by a development start first
 * (production never seeds).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startEntry, stopManaged, type ManagedProcess } from '../../scripts/multi-process.ts';
import { FAKE_ALIYUN_ACCESS_KEY_ID, FAKE_ALIYUN_ACCESS_KEY_SECRET, FAKE_ALIYUN_PREFIX, FAKE_ALIYUN_SCENE_ID, startFakeAliyunCaptcha, type FakeAliyunCaptcha } from '../integration/fake-aliyun-captcha.ts';
import { loginDialog, passwordLogin, waitForChrome } from './support';

const PRODUCTION_ENV = {
  APP_ENV: 'production',
  ALLOW_SANDBOX: 'true',
  CREDENTIALS_KEY: 'cd'.repeat(32),
  PUBLIC_BASE_URL: 'https://zuhao.example',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  SEED_DEMO: '',
  IP_RATE_LIMIT_FACTOR: '20',
};

test.describe.serial('Aliyun Captcha 2.0 in a production start', () => {
  test.setTimeout(120_000);
  let app: ManagedProcess;
  let fake: FakeAliyunCaptcha;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    fake = await startFakeAliyunCaptcha();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-aliyun-captcha-'));
    const base = { ...process.env, ...PRODUCTION_ENV, DATA_DIR: dataDir };
    // The demo users come from a development start on the same folder.
    await stopManaged(await startEntry({ ...base, APP_ENV: 'development', ALLOW_SANDBOX: '' }));
    app = await startEntry({
      ...base,
      CAPTCHA_PROVIDER: 'aliyun',
      ALIYUN_CAPTCHA_ACCESS_KEY_ID: FAKE_ALIYUN_ACCESS_KEY_ID,
      ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: FAKE_ALIYUN_ACCESS_KEY_SECRET,
      ALIYUN_CAPTCHA_SCENE_ID: FAKE_ALIYUN_SCENE_ID,
      ALIYUN_CAPTCHA_PREFIX: FAKE_ALIYUN_PREFIX,
      ALIYUN_CAPTCHA_ENDPOINT: fake.url,
      ALIYUN_CAPTCHA_SCRIPT_URL: fake.scriptUrl,
    });
  });

  test.afterAll(async () => {
    if (app) await stopManaged(app);
    await fake?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('the captcha call answers what the widget needs, and the CSP names the widget host', async ({ request }) => {
    const answer = await (await request.post(`${app.url}/api/v1/common/captcha`, { data: {} })).json();
    expect(answer).toMatchObject({ code: 0, data: { kind: 'aliyun', scene_id: FAKE_ALIYUN_SCENE_ID, prefix: FAKE_ALIYUN_PREFIX, region: 'cn', script_url: fake.scriptUrl } });
    const csp = (await request.get(`${app.url}/help`)).headers()['content-security-policy'] ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'self' ${fake.url.replaceAll('.', '\\.')}[ ;]`));
    expect(csp).toContain(`connect-src 'self' ${fake.url} https://*.aliyuncs.com https://*.alicdn.com`);
  });

  test('-410, the widget script loads on demand, its answer is verified by Aliyun, and the verify_key signs renter01 in', async ({ page }) => {
    const scriptLoads: number[] = [];
    let step = 0;
    page.on('request', (request) => {
      if (request.url() === fake.scriptUrl) scriptLoads.push(step);
    });
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));

    await page.goto(`${app.url}/help`);
    await waitForChrome(page);
    await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
    await loginDialog(page).getByRole('tab', { name: '账号登录' }).click();
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/common/login'));
      await passwordLogin(page, 'renter01', 'wrong_pass01');
      expect(((await (await answered).json()) as { code: number }).code).toBe(attempt <= 3 ? 1 : -410);
    }
    step = 1;
    const asked = fake.requests.length;
    const verified = page.waitForResponse((response) => response.url().endsWith('/api/v1/common/captcha/verify'));
    const retried = page.waitForResponse((response) => response.url().endsWith('/api/v1/common/login') && (response.request().postData() ?? '').includes('verify_key'));
    await passwordLogin(page, 'renter01', 'renter_pass01');
    const dialog = page.getByRole('dialog', { name: '安全验证' });
    await dialog.getByRole('button', { name: '模拟完成验证' }).click();

    expect((await (await verified).json()) as unknown).toMatchObject({ code: 0, data: { verify_key: expect.any(String) } });
    expect(fake.requests.slice(asked)).toEqual([expect.objectContaining({ accessKeyId: FAKE_ALIYUN_ACCESS_KEY_ID, params: expect.objectContaining({ SceneId: FAKE_ALIYUN_SCENE_ID }) })]);
    expect(((await (await retried).json()) as { code: number }).code).toBe(0);
    await expect(page.getByText('登录成功！')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Loaded once, and only after the captcha was asked for.
    expect(scriptLoads).toEqual([1]);
    expect(problems.filter((text) => !/status of 400/.test(text))).toEqual([]);
  });
});
