/**
 * Helpers shared by the end-to-end specs (not a spec itself: testMatch is *.e2e.ts).
 * Routes, titles and brands come from the app's own tables so the specs never drift from them.
 */
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { idNumberCheckChar } from '../../src/platform/rules/validation';
import { AUTH_STORAGE_KEY } from '../../src/platform/stores/auth';
import type { RouteDef } from '../../src/platform/config/routes';
import { opsHomeFor } from '../../src/features/console/ops-routes';
import type { OpsRole } from '../../src/features/console/contract/ops';

/** A concrete path for a route pattern: every `:param` becomes 1 (/zuhao/:game_id.html → /zuhao/1.html). */
export function samplePath(route: Pick<RouteDef, 'path'>): string {
  // A help page is named by its slug: one of the shipped pages (src/content/help); an agreement by
  // its document.
  return route.path.replace(':slug', 'how-to-rent').replace(':document', 'service').replace(/:[A-Za-z_]+/g, '1');
}

/** The port the test server listens on (playwright.config.ts: E2E_PORT, default 4399). */
export function serverPort(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not configured');
  return new URL(baseURL).port;
}

/** The same server reached under another host name (the browser maps *.wbzuhao.test and *.aizuhao.test to 127.0.0.1). */
export function urlOnHost(host: string, path: string, baseURL: string | undefined): string {
  return `http://${host}:${serverPort(baseURL)}${path}`;
}

/**
 * Islands hydrate on idle (client:idle). Astro removes the bare `ssr` attribute from an
 * <astro-island> once its component has hydrated, so wait for that before interacting.
 */
export async function waitForHydration(page: Page, ...components: string[]): Promise<void> {
  for (const component of components) {
    const island = page.locator(`astro-island[component-url*="/${component}."]`);
    await expect(island).toHaveCount(1);
    await expect(island).not.toHaveAttribute('ssr');
  }
}

/** Every island of `component` on the page has hydrated (a page may hold several, e.g. one form per row). */
export async function waitForAllHydrated(page: Page, component: string): Promise<void> {
  await expect(page.locator(`astro-island[component-url*="/${component}."]`).first()).toBeAttached();
  await expect(page.locator(`astro-island[component-url*="/${component}."][ssr]`)).toHaveCount(0);
}

/**
 * The page chrome (src/layouts/scripts/page-chrome.ts: header sign-in buttons and user menu, toasts and
 * modals on demand) marks <html data-chrome-ready> once the header answers clicks.
 */
export async function waitForChrome(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-chrome-ready', '');
}

/** The page's vertical scroll offset. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** The login dialog (spec §2 modals). */
export const loginDialog = (page: Page) => page.getByRole('dialog', { name: '登录' });
/** The login dialog's visible panel (the other tabs' panels are hidden). */
export const loginPanel = (page: Page) => loginDialog(page).getByRole('tabpanel');

/** Fills the 账号登录 panel of an open login dialog, ticks the agreement and submits. */
export async function passwordLogin(page: Page, username: string, password: string): Promise<void> {
  const panel = loginPanel(page);
  await panel.getByLabel('手机号/用户名').fill(username);
  await panel.getByLabel('密码', { exact: true }).fill(password);
  const agreement = panel.getByLabel(/我已阅读并同意/);
  if (!(await agreement.isChecked())) await agreement.check();
  await panel.getByRole('button', { name: '登录', exact: true }).click();
}

/** Signs in from the header of the current page with a username and password. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await waitForChrome(page);
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await loginDialog(page).getByRole('tab', { name: '账号登录' }).click();
  await passwordLogin(page, username, password);
  await expect(page.getByText('登录成功！')).toBeVisible();
  await expect(loginDialog(page)).toBeHidden();
}

// ---------------------------------------------------------------------------------------------
// New accounts (the slider is solved the way a bot could solve the sandbox puzzle: decisions.md
// "Captcha"; SMS codes are read from the sandbox outbox)

/**
 * A phone number no other test uses: 139 + the test's own 8 digits. Files share one server, so each
 * owns a range of test ids (base + workerIndex * 10 + retry, or its own scheme); a new file takes
 * a free range. Taken: 1000-3999 sign-in, 6000 seller-journey, 7000 notifications, 7200
 * ops-sellers, 7500 ops-users, 8500 ops-complaints, 14700 tracking, 16000 activities, 16500
 * footprint, 41200 ops-withdrawals, 7_000_000+ modals-spec, 16_160_000 account-settings.
 */
export function phoneFor(testId: number): string {
  return `139${String(testId).padStart(8, '0')}`;
}

/** A valid 18-character ID number of its own per `testId` (real-name verification takes one identity once). */
export function idNumberFor(testId: number): string {
  const day = 1 + (testId % 28);
  const month = 1 + (Math.floor(testId / 28) % 12);
  const sequence = String(Math.floor(testId / 336) % 1000).padStart(3, '0');
  const first17 = `110105${1980 + (testId % 20)}${String(month).padStart(2, '0')}${String(day).padStart(2, '0')}${sequence}`;
  return first17 + idNumberCheckChar(first17);
}

/** Reads the gap from the sandbox puzzle and moves the slider there with the keyboard. */
export async function solveSlider(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '安全验证' });
  const background = dialog.getByRole('img', { name: '拼图背景' });
  await expect(background).toBeVisible();
  const src = (await background.getAttribute('src')) ?? '';
  const svg = Buffer.from(src.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
  const gap = /<g transform="translate\((\d+(?:\.\d+)?) [\d.]+\)"><g fill="#000000"/.exec(svg);
  if (!gap) throw new Error('no gap in the sandbox puzzle');
  const targetX = Math.round(Number(gap[1]));
  const slider = dialog.getByRole('slider', { name: '拖动滑块完成拼图' });
  await slider.focus();
  await slider.press('Home');
  for (let i = 0; i < Math.floor(targetX / 10); i += 1) await slider.press('Shift+ArrowRight');
  for (let i = 0; i < Math.round((targetX % 10) / 2); i += 1) await slider.press('ArrowRight');
  await slider.press('Enter');
  await expect(dialog).toBeHidden();
}


/** The newest code the sandbox SMS provider "sent" to `phone`, read from /sandbox/outbox. */
export async function smsCodeFor(context: BrowserContext, phone: string): Promise<string> {
  const outbox = await context.newPage();
  try {
    await outbox.goto('/sandbox/outbox');
    const body = await outbox.getByRole('row').filter({ hasText: phone }).first().getByRole('cell').last().textContent();
    const code = /\d{6}/.exec(body ?? '')?.[0];
    if (!code) throw new Error(`no code for ${phone} in the outbox`);
    return code;
  } finally {
    await outbox.close();
  }
}

/** A call to our API with the page's own token, as an island would make it. */
export async function apiAs<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ method, path, body, key }) => {
      const token = (JSON.parse(localStorage.getItem(key) ?? '{}') as { token?: { token?: string } }).token?.token;
      const response = await fetch(`/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return (await response.json()) as { code: number; msg: string; data: unknown };
    },
    { method, path, body, key: AUTH_STORAGE_KEY },
  );
  expect(answer.code, `${method} ${path}: ${answer.msg}`).toBe(0);
  return answer.data as T;
}

/** Registers a new account on /register with a phone, a password and the sandbox SMS code; it signs in. */
export async function registerWithPhone(page: Page, phone: string, password: string): Promise<void> {
  await page.goto('/register');
  await page.waitForLoadState('networkidle');
  const registration = page.getByRole('main');
  await registration.getByLabel('手机号').fill(phone);
  await registration.getByLabel('密码', { exact: true }).fill(password);
  await registration.getByRole('button', { name: '获取验证码' }).click();
  await solveSlider(page);
  await registration.getByLabel('验证码').fill(await smsCodeFor(page.context(), phone));
  await registration.getByLabel(/我已阅读并同意/).check();
  await registration.getByRole('button', { name: '注册', exact: true }).click();
  await expect(page.getByText('登录成功！')).toBeVisible();
}

/**
 * The signed-in new user verifies a real name (idNumberFor(testId)) and recharges `amountYuan`
 * through the sandbox Alipay checkout, ending on that recharge's 支付结果: a renter with money.
 */
export async function verifyAndRecharge(page: Page, testId: number, realName: string, amountYuan: string): Promise<void> {
  await apiAs(page, 'POST', '/account/realName', { name: realName, id_number: idNumberFor(testId) });
  const recharge = await apiAs<{ checkout_url: string }>(page, 'POST', '/account/recharge', { amount: amountYuan, channel: 'alipay' });
  await page.goto(recharge.checkout_url);
  await waitForHydration(page, 'SandboxCheckout');
  await page.getByRole('button', { name: '确认付款' }).click();
  await expect(page).toHaveURL(/\/pay-result\?order_no=C\d+/);
}

// ---------------------------------------------------------------------------------------------
// The operator console (issue 15)

/** Demo operators of src/app/seed/operators.ts, by role. */
export const OPERATORS = {
  admin: { username: 'ops01', password: 'ops_pass01' },
  operations: { username: 'yy01', password: 'yy_pass01' },
  service: { username: 'kf01', password: 'kf_pass01' },
  finance: { username: 'cw01', password: 'cw_pass01' },
} as const;

/**
 * The TOTP secrets the demo seed enrols ops01 and cw01 with (src/app/seed/operators.ts, README):
 * admin and finance must give a code after the password.
 */
export const OPERATOR_TOTP_SECRETS: Readonly<Record<string, string>> = {
  ops01: 'OPSADMINDEMOTOTPSECRETAAAAAAAAAA',
  cw01: 'CWFINANCEDEMOTOTPSECRETBBBBBBBBB',
};

const TOTP_PERIOD_MS = 30_000;
const TOTP_CLAIMS = path.resolve(import.meta.dirname, '.state/totp-steps');

/** The 6-digit code of `secret` for time step `step`, computed with otpauth as an authenticator app would. */
export function totpCode(secret: string, step: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: step * TOTP_PERIOD_MS });
}

/**
 * A code nobody in this run has used yet. The server refuses a code used once (replay protection),
 * and specs sign in as ops01 in parallel workers, so each worker claims its time step with a file
 * created exclusively; the current step, the next and (early in a step) the one before are accepted
 * (±1 window). When all are
 * taken it waits for the next step, lengthening the test's timeout by that wait.
 */
export async function claimTotpCode(username: string, secret: string): Promise<string> {
  mkdirSync(TOTP_CLAIMS, { recursive: true });
  for (;;) {
    const now = Date.now();
    const step = Math.floor(now / TOTP_PERIOD_MS);
    // The step before is accepted too, but only while it stays within the window until the code is sent.
    const candidates = now % TOTP_PERIOD_MS < TOTP_PERIOD_MS / 2 ? [step, step + 1, step - 1] : [step, step + 1];
    for (const candidate of candidates) {
      try {
        closeSync(openSync(path.join(TOTP_CLAIMS, `${username}-${candidate}`), 'wx'));
        return totpCode(secret, candidate);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    const wait = (step + 1) * TOTP_PERIOD_MS - Date.now() + 250;
    test.info().setTimeout(test.info().timeout + wait);
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}

/**
 * Sessions of operators with TOTP that this worker has signed in, by username. A code works once
 * and each 30 s step has one, so an operator can sign in about once per step: a worker reuses the
 * session it already has (checked with /ops/auth/me, so one ended by a sign-out or a reset is
 * replaced by a real sign-in). Per worker only: a spec that signs out cannot pull the session from
 * under a spec running in another worker.
 */
const workerSessions = new Map<string, string>();
const OPS_SESSION_COOKIE = 'ops_session';

async function reuseOperatorSession(page: Page, username: string, next: string | undefined): Promise<boolean> {
  const token = workerSessions.get(username);
  if (!token) return false;
  const origin = new URL(test.info().project.use.baseURL ?? 'http://127.0.0.1').origin;
  await page.context().addCookies([{ name: OPS_SESSION_COOKIE, value: token, url: origin, httpOnly: true, sameSite: 'Strict' }]);
  const me = await page.context().request.get('/api/v1/ops/auth/me');
  if (!me.ok()) {
    workerSessions.delete(username);
    await page.context().clearCookies({ name: OPS_SESSION_COOKIE });
    return false;
  }
  const { data } = (await me.json()) as { data: { role: OpsRole } };
  await page.goto(next ?? opsHomeFor(data.role));
  await expect(page.getByRole('navigation', { name: '后台菜单' })).toBeVisible();
  return true;
}

/**
 * Signs in to the console at /ops/login (optionally with ?next=) and waits for the landing page.
 * An operator with TOTP (the demo admin and finance, or `totpSecret` given) enters a code
 * computed from the secret when the page asks for it, or, when this worker already signed them in
 * and that session is still alive, gets that session back (workerSessions). The session is a
 * cookie of the page's browser context.
 */
export async function signInOperator(page: Page, username: string, password: string, next?: string, totpSecret: string | undefined = OPERATOR_TOTP_SECRETS[username]): Promise<void> {
  if (totpSecret && (await reuseOperatorSession(page, username, next))) return;
  await page.goto(next ? `/ops/login?next=${encodeURIComponent(next)}` : '/ops/login');
  await waitForHydration(page, 'OpsLogin');
  const form = page.getByRole('form', { name: '运营后台登录' });
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码').fill(password);
  await form.getByRole('button', { name: '登录' }).click();
  if (totpSecret) {
    const second = page.getByRole('form', { name: '两步验证' });
    await expect(second).toBeVisible();
    await second.getByLabel('验证码').fill(await claimTotpCode(username, totpSecret));
    await second.getByRole('button', { name: '验证' }).click();
  }
  await expect(page.getByRole('navigation', { name: '后台菜单' })).toBeVisible();
  if (totpSecret) {
    const cookie = (await page.context().cookies()).find((entry) => entry.name === OPS_SESSION_COOKIE);
    if (cookie) workerSessions.set(username, cookie.value);
  }
}

// ---------------------------------------------------------------------------------------------
// The re-authentication window (issue 25; docs/decisions.md "Re-authentication window")

/** Answers the 验证身份 dialog a guarded change opens, with the login password; it closes and the change goes on. */
export async function proveIdentity(page: Page, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: '验证身份' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('登录密码', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: '确认', exact: true }).click();
  await expect(dialog).toBeHidden();
}

/**
 * Screenshots of the page at 1280 and 390 px (a plain window, not phone emulation), full page, into
 * the test's output folder; nothing may be wider than the screen at either width.
 */
export async function shootBothWidths(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}
