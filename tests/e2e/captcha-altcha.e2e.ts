/**
 * Issue 25 "A real captcha in production": a production start (CAPTCHA_PROVIDER=altcha, low
 * difficulty) asks for the ALTCHA proof of work where the sandbox slider used to be. In the
 * browser, after more than 3 wrong passwords (spec §5 -410) the 安全验证 dialog shows the bundled
 * altcha widget in Chinese; the widget solves the challenge itself in its Web Worker, the verify
 * call answers a verify_key, and the right password signs in with it. Production starts empty, so
 * the data folder is first seeded by a development start of the same build, then opened by the
 * production start (which never seeds). Nothing is
 * loaded from another host and the Content-Security-Policy reports no violation. Screenshots at
 * 1280 and 390 px go to /tmp/altcha-shots/.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startEntry, stopManaged, type ManagedProcess } from '../../scripts/multi-process.ts';
import { loginDialog, passwordLogin, waitForChrome } from './support';

const SHOTS = '/tmp/altcha-shots';

const PRODUCTION_ENV = {
  APP_ENV: 'production',
  ALLOW_SANDBOX: 'true',
  CAPTCHA_PROVIDER: 'altcha',
  ALTCHA_COST: '1',
  ALTCHA_MAX_COUNTER: '200',
  CREDENTIALS_KEY: 'ab'.repeat(32),
  PUBLIC_BASE_URL: 'https://zuhao.example',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  SEED_DEMO: '',
  IP_RATE_LIMIT_FACTOR: '20',
};

/** dist/main.mjs in production on `dataDir`, with `env` over the production variables. */
function start(dataDir: string, env: Record<string, string> = {}): Promise<ManagedProcess> {
  return startEntry({ ...process.env, ...PRODUCTION_ENV, DATA_DIR: dataDir, ...env });
}

test.describe.serial('ALTCHA in a production start', () => {
  test.setTimeout(120_000);
  let app: ManagedProcess;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    mkdirSync(SHOTS, { recursive: true });
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-altcha-'));
    // The demo users (renter01, renter02) come from a development start on the same folder.
    await stopManaged(await start(dataDir, { APP_ENV: 'development' }));
    app = await start(dataDir);
  });

  test.afterAll(async () => {
    if (app) await stopManaged(app);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('the captcha call answers an ALTCHA challenge, and a slider answer is refused', async ({ request }) => {
    const answer = await (await request.post(`${app.url}/api/v1/common/captcha`, { data: {} })).json();
    expect(answer).toMatchObject({ code: 0, data: { kind: 'altcha', challenge: { parameters: { algorithm: 'PBKDF2/SHA-256' } } } });
    const slider = await request.post(`${app.url}/api/v1/common/captcha/verify`, { data: { captcha_id: answer.data.captcha_id, x: 0, web_action: 'login' } });
    expect(slider.status()).toBe(400);
  });

  for (const [width, username, password] of [
    [1280, 'renter01', 'renter_pass01'],
    [390, 'renter02', 'renter_pass02'],
  ] as const) {
    test(`-410, the widget solves the proof of work, and the verify_key signs ${username} in (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 500 ? 800 : 844 });
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(app.url) && !url.startsWith('data:') && !url.startsWith('blob:')) foreign.push(url);
      });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || /Content Security Policy/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      // Not the home page: the seeded demo shows its popup advertisement there.
      await page.goto(`${app.url}/help`);
      await waitForChrome(page);
      await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
      await loginDialog(page).getByRole('tab', { name: '账号登录' }).click();
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        const answered = page.waitForResponse((response) => response.url().endsWith('/api/v1/common/login'));
        await passwordLogin(page, username, 'wrong_pass01');
        const body = (await (await answered).json()) as { code: number };
        expect(body.code).toBe(attempt <= 3 ? 1 : -410);
      }

      // Hold the verify call a moment, so the screenshot shows the solved widget.
      let release: () => void = () => undefined;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/v1/common/captcha/verify', async (route) => {
        await held;
        await route.continue();
      });
      const verified = page.waitForResponse((response) => response.url().endsWith('/api/v1/common/captcha/verify'));
      const retried = page.waitForResponse(
        (response) => response.url().endsWith('/api/v1/common/login') && (response.request().postData() ?? '').includes('verify_key'),
      );
      await passwordLogin(page, username, password);
      const dialog = page.getByRole('dialog', { name: '安全验证' });
      await expect(dialog.locator('altcha-widget')).toBeVisible();
      await expect(dialog.getByText('验证通过')).toBeVisible({ timeout: 30_000 });
      await page.screenshot({ path: `${SHOTS}/altcha-${width}.png` });
      // The dialog fits the screen at 390 px.
      const box = await dialog.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      release();

      const verifyBody = (await (await verified).json()) as { code: number; data: { verify_key: string } };
      expect(verifyBody).toMatchObject({ code: 0, data: { verify_key: expect.any(String) } });
      const login = (await (await retried).json()) as { code: number };
      expect(login.code).toBe(0);
      await expect(page.getByText('登录成功！')).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(loginDialog(page)).toBeHidden();
      await page.screenshot({ path: `${SHOTS}/after-${width}.png` });

      expect(foreign).toEqual([]);
      expect(problems.filter((text) => !/status of 400/.test(text))).toEqual([]);
    });
  }
});
