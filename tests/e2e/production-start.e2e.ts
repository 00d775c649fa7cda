/**
 * Issue 25 "Ready to launch", checked from outside: a production start (APP_ENV=production, the
 * sandboxes allowed knowingly) on a fresh data folder carries no demo data — no ops01, an empty
 * hall, no public page saying 演示, no placeholder official account — sends HSTS, and its 502
 * page retries only addresses on the site. A production start with demo seeding asked for, or an
 * http:// PUBLIC_BASE_URL, stops with a message naming the variable.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ENTRY } from '../../scripts/build-if-needed.ts';
import { freePort, stopManaged, waitForHealth, type ManagedProcess } from '../../scripts/multi-process.ts';

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

/** Every public page a visitor reaches without signing in (the dynamic ones with ids that do not exist). */
const PUBLIC_PAGES = [
  '/', '/ContactUs', '/Notice', '/VIPSubscribe', '/activity/free_order', '/activity/newuser_ranking', '/bind',
  '/business-invest', '/download', '/error-deleted', '/free', '/help', '/help/search?q=租号', '/pay-result', '/rank_register',
  '/redirect', '/register', '/rstpwd', '/seller', '/seller/apply', '/svip', '/task', '/task-publish', '/tejia.html', '/zuhao.html', '/502', '/404',
];

/** Starts dist/main.mjs on a fresh data folder with `env` over the production one; resolves once it is healthy. */
async function startProduction(dataDir: string, env: Record<string, string> = {}): Promise<ManagedProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [ENTRY], {
    cwd: process.cwd(),
    env: { ...process.env, ...PRODUCTION_ENV, PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const app = { child, port, url: `http://127.0.0.1:${port}`, output };
  await waitForHealth(app);
  return app;
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

  test('every answer carries HSTS', async ({ request }) => {
    for (const address of ['/', '/api/v1/zuhao/games', '/no-such-page', '/favicon.ico']) {
      const answer = await request.get(`${app.url}${address}`, { maxRedirects: 0 });
      expect(answer.headers()['strict-transport-security'], address).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    }
  });

  test("the 502 page's 重新加载 stays on the site for every trick", async ({ request }) => {
    for (const trick of ['//evil.example', '/\\evil.example', '/%09/evil.example', '/\t/evil.example', 'https://evil.example', 'javascript:alert(1)']) {
      const html = await (await request.get(`${app.url}/502?from=${encodeURIComponent(trick)}`)).text();
      const retry = /<a href="([^"]*)"[^>]*>重新加载<\/a>/.exec(html)?.[1];
      expect(retry, trick).toBe('/');
    }
    const html = await (await request.get(`${app.url}/502?from=${encodeURIComponent('/zuhao.html?game_id=1')}`)).text();
    expect(/<a href="([^"]*)"[^>]*>重新加载<\/a>/.exec(html)?.[1]).toBe('/zuhao.html?game_id=1');
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
