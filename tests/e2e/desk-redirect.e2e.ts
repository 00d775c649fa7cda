/**
 * The customer-service desk port with a desk configured (issue 15, spec §2 /redirect 正在跳转七鱼客服...):
 * a production process started with CUSTOMER_SERVICE_DESK_URL (here a stand-in desk on loopback)
 * sends /redirect's visitor there, keeping the spec's title while it does, and its floating
 * 在线客服 is a plain link to /redirect (no chat panel, no badge).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ENTRY } from '../../scripts/build-if-needed.ts';
import { freePort, stopManaged, waitForHealth, type ManagedProcess } from '../../scripts/multi-process.ts';

test.describe.serial('a configured desk', () => {
  test.setTimeout(120_000);
  let app: ManagedProcess;
  let desk: http.Server;
  let deskUrl = '';
  let dataDir = '';

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    desk = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>七鱼客服（替身）</title><h1>七鱼客服</h1>');
    });
    const deskPort = await freePort();
    await new Promise<void>((resolve) => desk.listen(deskPort, '127.0.0.1', resolve));
    deskUrl = `http://127.0.0.1:${deskPort}/client?k=demo`;
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'zuhao-desk-'));
    const port = await freePort();
    const child = spawn(process.execPath, [ENTRY], {
      cwd: process.cwd(),
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_ENV: 'test', LOG_LEVEL: 'warn', SEED_DEMO: 'false', CUSTOMER_SERVICE_DESK_URL: deskUrl, DATABASE_URL: '' },
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
    desk?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test('/redirect keeps the spec title while it sends the browser to the desk', async ({ request, page }) => {
    const answer = await request.get(`${app.url}/redirect`, { maxRedirects: 0 });
    expect(answer.status()).toBe(200);
    const html = await answer.text();
    expect(html).toContain('正在跳转七鱼客服...');
    expect(html).toContain(`<meta http-equiv="refresh" content="0;url=${deskUrl.replace('&', '&amp;')}"`);
    await page.goto(`${app.url}/redirect`);
    await expect(page).toHaveURL(deskUrl);
    await expect(page.getByRole('heading', { name: '七鱼客服' })).toBeVisible();
  });

  test('在线客服 is a plain link to /redirect: no chat panel', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${app.url}/help`);
    const link = page.getByRole('navigation', { name: '快捷服务' }).getByRole('link', { name: '在线客服', exact: true });
    await expect(link).not.toHaveAttribute('data-open-chat');
    await link.click();
    await expect(page).toHaveURL(deskUrl);
  });
});
