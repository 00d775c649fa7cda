/**
 * Issue 25 "Ready to launch", checked from outside: a production start (APP_ENV=production, the
 * sandboxes allowed knowingly) on a fresh data folder carries no demo data — no ops01, an empty
 * hall, no public page saying 演示, no placeholder official account — sends HSTS on every kind of
 * answer, and its 502 page retries only addresses on the site, whatever trick `from=` carries. The
 * shared e2e server (APP_ENV=test, plain http) sends no HSTS. A production start with demo seeding asked for, or an
 * http:// PUBLIC_BASE_URL, stops with a message naming the variable.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ENTRY } from '../../scripts/build-if-needed.ts';
import { startEntry, stopManaged, type ManagedProcess } from '../../scripts/multi-process.ts';

const PRODUCTION_ENV = {
  APP_ENV: 'production',
  ALLOW_SANDBOX: 'true',
  CREDENTIALS_KEY: 'cd'.repeat(32),
  PUBLIC_BASE_URL: 'https://zuhao.example',
  LOG_LEVEL: 'warn',
  HOST: '127.0.0.1',
  DATABASE_URL: '',
  SEED_DEMO: '',
};

const HSTS = 'max-age=31536000; includeSubDomains';

// What follows `from=` in the address bar, written as an attacker would send it.
const TRICKS = [
  '//evil.example',
  '/\\evil.example',
  '\\/evil.example',
  '/%5Cevil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%0D%0A/evil.example',
  '/%00/evil.example',
  '/%20/evil.example',
  '/%E3%80%80/evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%255Cevil.example',
  'javascript:alert(1)',
  'http://evil.example',
  'https:evil.example',
  'evil.example',
  `/${'a'.repeat(5000)}`,
  '',
];

/** Every public page a visitor reaches without signing in (the dynamic ones with ids that do not exist). */
const PUBLIC_PAGES = [
  '/', '/ContactUs', '/Notice', '/VIPSubscribe', '/activity/free_order', '/activity/newuser_ranking', '/bind',
  '/business-invest', '/download', '/error-deleted', '/free', '/help', '/help/search?q=租号', '/pay-result', '/rank_register',
  '/agreement/service', '/agreement/privacy', '/redirect', '/register', '/rstpwd', '/seller', '/seller/apply', '/svip', '/task', '/task-publish', '/tejia.html', '/zuhao.html', '/502', '/404',
];

/** dist/main.mjs in production on `dataDir`, with `env` over the production variables. */
function startProduction(dataDir: string, env: Record<string, string> = {}): Promise<ManagedProcess> {
  return startEntry({ ...process.env, ...PRODUCTION_ENV, DATA_DIR: dataDir, ...env });
}

/** A production start that must refuse: its exit code and what it printed. */
function refusedStart(dataDir: string, env: Record<string, string>): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [ENTRY], {
    cwd: process.cwd(),
    env: { ...process.env, ...PRODUCTION_ENV, PORT: '0', DATA_DIR: dataDir, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

test.describe.serial('a production start on a fresh data folder', () => {
  test.setTimeout(120_000);
  let app: ManagedProcess;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-production-'));
    app = await startProduction(dataDir);
  });

  test.afterAll(async () => {
    if (app) await stopManaged(app);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('the demo admin does not exist and the hall is empty', async ({ request }) => {
    const signIn = await request.post(`${app.url}/api/v1/ops/auth/login`, { data: { username: 'ops01', password: 'ops_pass01' } });
    expect(signIn.status()).toBe(400);
    expect(await signIn.json()).toMatchObject({ code: 1, msg: '用户名或密码错误' });
    const hall = await (await request.get(`${app.url}/api/v1/zuhao/accounts`)).json();
    expect(hall).toMatchObject({ code: 0, data: { list: [], total: 0 } });
    const games = await (await request.get(`${app.url}/api/v1/zuhao/games`)).json();
    expect(games.data).toEqual([]);
  });

  test('no public page says 演示, and no placeholder official account is offered', async ({ request }) => {
    for (const page of PUBLIC_PAGES) {
      const answer = await request.get(`${app.url}${page}`, { maxRedirects: 0 });
      expect(answer.status(), page).toBeLessThan(500);
      const html = await answer.text();
      expect(html, page).not.toContain('演示');
      expect(html, page).not.toContain('demo');
    }
    for (const page of ['pay-result', 'order']) {
      const answer = await request.get(`${app.url}/api/v1/common/wechatOfficialConfig?page=${page}`);
      expect(answer.status(), page).toBe(404);
    }
  });

  test('the 502 page reloads only a page of this site', async ({ page }) => {
    for (const trick of TRICKS) {
      const answer = await page.goto(`${app.url}/502?from=${trick}`);
      // A NUL anywhere in the address is refused before any page renders.
      if (trick.includes('%00')) {
        expect(answer?.status()).toBe(400);
        continue;
      }
      const reload = page.getByRole('link', { name: '重新加载' });
      await expect(reload, `from=${trick.slice(0, 60)}`).toHaveAttribute('href', '/');
    }
    // A real page of ours is kept, query and all.
    await page.goto(`${app.url}/502?from=${encodeURIComponent('/zuhao?page=2#list')}`);
    await expect(page.getByRole('link', { name: '重新加载' })).toHaveAttribute('href', '/zuhao?page=2#list');
  });

  test('every kind of answer carries HSTS', async ({ request }) => {
    const answers = [
      ['a page', await request.get(`${app.url}/`)],
      ['a public file', await request.get(`${app.url}/favicon.svg`)],
      ['a missing page', await request.get(`${app.url}/no-such-page-here`)],
      ['the 502 page', await request.get(`${app.url}/502?from=//evil.example`)],
      ['an API answer', await request.get(`${app.url}/api/v1/health`)],
      ['an API refusal', await request.post(`${app.url}/api/v1/account/changePassword`, { data: {}, headers: { origin: 'https://evil.example' } })],
    ] as const;
    for (const [what, answer] of answers) {
      expect(answer.headers()['strict-transport-security'], `${what} (${answer.status()})`).toBe(HSTS);
    }
    expect(answers[2][1].status()).toBe(404);
    expect(answers[5][1].status()).toBeGreaterThanOrEqual(400);
  });
});

test.describe('a production start that must refuse', () => {
  test.setTimeout(90_000);

  for (const [name, env, message] of [
    ['demo seeding asked for', { SEED_DEMO: 'true' }, 'SEED_DEMO=true is refused when APP_ENV=production'],
    ['an http:// public address', { PUBLIC_BASE_URL: 'http://zuhao.example' }, 'PUBLIC_BASE_URL must be an https:// address when APP_ENV=production'],
  ] as const) {
    test(`${name} stops the process with a message naming the variable`, () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-refused-'));
      try {
        const result = refusedStart(dataDir, env);
        expect(result.status, result.output).not.toBe(0);
        expect(result.output).toContain(message);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
});

test('a test server on plain http sends no HSTS', async ({ request }) => {
  const answer = await request.get('/favicon.svg');
  expect(answer.ok()).toBe(true);
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['strict-transport-security']).toBeUndefined();
});
