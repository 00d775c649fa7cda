/**
 * Issue 25 "Headers and small holes", checked from outside on a production process (fresh PGlite
 * data folder): the 502 page's 重新加载 goes back only to a page of this site, whatever trick the
 * `from=` query carries, and every kind of answer carries HSTS. The shared e2e server
 * (APP_ENV=test, plain http on localhost) sends no HSTS.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ENTRY } from '../../scripts/build-if-needed.ts';
import { freePort, stopManaged, waitForHealth, type ManagedProcess } from '../../scripts/multi-process.ts';

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

test.describe.serial('a production process', () => {
  test.setTimeout(120_000);
  let app: ManagedProcess;
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-return-'));
    const port = await freePort();
    const { DATABASE_URL: _inherited, ...inherited } = process.env;
    const child = spawn(process.execPath, [ENTRY], {
      cwd: process.cwd(),
      env: {
        ...inherited,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        APP_ENV: 'production',
        ALLOW_SANDBOX: 'true',
        CREDENTIALS_KEY: '0'.repeat(64),
        PUBLIC_BASE_URL: 'https://zuhao.example',
        SEED_DEMO: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    app = { child, port, url: `http://127.0.0.1:${port}`, output };
    await waitForHealth(app);
  });

  test.afterAll(async () => {
    if (app) await stopManaged(app);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
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

test('a test server on plain http sends no HSTS', async ({ request }) => {
  const answer = await request.get('/favicon.svg');
  expect(answer.ok()).toBe(true);
  expect(answer.headers()['x-content-type-options']).toBe('nosniff');
  expect(answer.headers()['strict-transport-security']).toBeUndefined();
});
