/**
 * Issue 15 站点设置 and issue 16 /ContactUs, /download in the browser against the production build:
 * an operator changes the contacts in the console and a reader's /ContactUs (page-cached) shows
 * them on the next request; a finance operator sees only the money sections; the launcher download
 * gives the bytes the page's SHA-256 names, and the spec's three download errors show: a file the
 * manifest no longer offers (文件不存在), a file deleted from the folder (下载文件出错,文件已被删除)
 * and an address that cannot be reached (下载地址错误). Screenshots at 1280 and 390 px.
 */
import { createHash } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { contactsToLines, MSG_DOWNLOAD_BAD_ADDRESS, MSG_DOWNLOAD_DELETED, MSG_DOWNLOAD_NOT_FOUND } from '../../src/features/content/contract/site-settings';
import { DEMO_CONTACTS } from '../../src/app/seed/settings';
import { demoDownloadBytes, demoDownloadManifest } from '../../src/app/seed/downloads';
import { OPERATORS, signInOperator, waitForAllHydrated } from './support';

/** The e2e server's downloads folder (playwright.config.ts: DATA_DIR=.e2e-data). */
const DOWNLOADS = path.resolve('.e2e-data', 'downloads');
const WIDTHS = [1280, 390] as const;

// Several pages, two browsers and a download each: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 180_000 });

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

async function readerPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

async function opsPost(page: Page, section: string, body: unknown): Promise<{ status: number; msg: string }> {
  const response = await page.request.post(`/api/v1/ops/settings/${section}`, { data: body });
  return { status: response.status(), msg: ((await response.json()) as { msg: string }).msg };
}

const demoManifestBody = (): Record<string, string> => {
  const manifest = demoDownloadManifest();
  const windows = manifest.builds.find((build) => build.platform === 'windows')!;
  const macos = manifest.builds.find((build) => build.platform === 'macos')!;
  return { version: manifest.version, released_on: manifest.released_on, windows_file: windows.file, windows_notes: windows.notes, macos_file: macos.file, macos_notes: macos.notes };
};

test('an operator changes the contacts and /ContactUs shows them on the next request', async ({ page, browser }, testInfo) => {
  const marker = `${Date.now() % 1_000_000}`;
  const reader = await readerPage(browser);
  await reader.goto('/ContactUs');
  for (const channel of DEMO_CONTACTS.channels) await expect(reader.getByText(channel.value)).toBeVisible();
  await expect(reader.getByText(DEMO_CONTACTS.notice)).toBeVisible();
  // The page is served from the page cache (two loads within its life under one catalogue version),
  // so the change below must invalidate it to show.
  await expect.poll(async () => (await reader.goto('/ContactUs'))?.headers()['x-page-cache'], { timeout: 60_000 }).toBe('hit');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/settings');
  await expect(page).toHaveURL(/\/ops\/settings$/);
  await waitForAllHydrated(page, 'OpsForm');
  // Operations holds settings.site only: no money sections.
  await expect(page.getByRole('form', { name: '平台佣金' })).toHaveCount(0);
  const form = page.getByRole('form', { name: '联系方式' });
  await expect(form.getByLabel('联系方式')).toHaveValue(contactsToLines(DEMO_CONTACTS.channels));
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `ops-settings-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  try {
    // A bad line is refused with its line number, and nothing changes.
    await form.getByLabel('联系方式').fill('只有名称');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form.getByText('第1行应为「名称 | 联系方式 | 说明」，说明可省略').first()).toBeVisible();

    await form.getByLabel('联系方式').fill(`客服热线 | 400-800-${marker.padStart(4, '0').slice(-4)} | 每天 08:00-23:00\n客服邮箱 | kefu${marker}@zuhao.test`);
    await form.getByLabel('提示语').fill('');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存联系方式')).toBeVisible();

    await reader.reload();
    await expect(reader.getByRole('link', { name: `kefu${marker}@zuhao.test` })).toHaveAttribute('href', `mailto:kefu${marker}@zuhao.test`);
    await expect(reader.getByText('每天 08:00-23:00')).toBeVisible();
    await expect(reader.getByText('演示')).toHaveCount(0);
    for (const width of WIDTHS) {
      await reader.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(reader);
      await shot(reader, testInfo, `contact-us-${width}`);
    }
  } finally {
    // The demo contacts back, for the other suites that read them.
    const restored = await opsPost(page, 'contacts', { lines: contactsToLines(DEMO_CONTACTS.channels), notice: DEMO_CONTACTS.notice });
    expect([200, 409]).toContain(restored.status);
  }
  await reader.reload();
  await expect(reader.getByText(DEMO_CONTACTS.channels[0]!.value)).toBeVisible();
  await reader.context().close();
});

test('a finance operator sees the money sections only', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.finance.username, OPERATORS.finance.password, '/ops/settings');
  await waitForAllHydrated(page, 'OpsForm');
  await expect(page.getByRole('form', { name: '平台佣金' })).toBeVisible();
  await expect(page.getByRole('form', { name: '收益冻结' })).toBeVisible();
  await expect(page.getByRole('form', { name: '联系方式' })).toHaveCount(0);
  expect((await opsPost(page, 'contacts', { lines: '' })).status).toBe(403);
});

test('the launcher downloads with the bytes its SHA-256 names, and the three download errors show', async ({ page, browser }, testInfo) => {
  const manifest = demoDownloadManifest();
  const windows = manifest.builds.find((build) => build.platform === 'windows')!;
  const macos = manifest.builds.find((build) => build.platform === 'macos')!;

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/download');
  await waitForAllHydrated(page, 'DownloadCard');
  const cards = page.locator('[data-download-card]');
  await expect(cards).toHaveCount(2);
  // The desktop (Windows) build first, marked 推荐.
  await expect(cards.first()).toContainText('上号启动器（Windows）');
  await expect(cards.first().getByText('推荐', { exact: true })).toBeVisible();
  await expect(cards.first().locator('[data-sha256]')).toHaveText(windows.sha256);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `download-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  const downloading = page.waitForEvent('download');
  await cards.first().getByRole('button', { name: /立即下载/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(windows.file);
  const bytes = await readFile((await download.path())!);
  expect(bytes.length).toBe(windows.size);
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(windows.sha256);

  // The route's own answers.
  for (const [address, status, msg] of [
    ['/downloads/bad%20name!.zip', 400, MSG_DOWNLOAD_BAD_ADDRESS],
    ['/downloads/.env', 400, MSG_DOWNLOAD_BAD_ADDRESS],
    ['/downloads/zuhao-launcher-0.0.1-windows.zip', 404, MSG_DOWNLOAD_NOT_FOUND],
  ] as const) {
    const response = await page.request.get(address);
    expect({ address, status: response.status(), msg: ((await response.json()) as { msg: string }).msg }).toEqual({ address, status, msg });
  }

  const macosCard = cards.nth(1);
  const macosFile = path.join(DOWNLOADS, macos.file);
  try {
    // Deleted from the folder: 410 and the spec's text.
    await rm(macosFile);
    const gone = await page.request.get(`/downloads/${macos.file}`);
    expect(gone.status()).toBe(410);
    expect(((await gone.json()) as { msg: string }).msg).toBe(MSG_DOWNLOAD_DELETED);
    await macosCard.getByRole('button', { name: /立即下载/ }).click();
    await expect(page.getByText(MSG_DOWNLOAD_DELETED)).toBeVisible();
  } finally {
    await writeFile(macosFile, demoDownloadBytes('macos'));
  }

  // No longer offered (the operator published a Windows-only manifest while this page was open): 404.
  const operator = await readerPage(browser);
  await signInOperator(operator, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/settings');
  try {
    expect(await opsPost(operator, 'download', { ...demoManifestBody(), macos_file: '', macos_notes: '' })).toEqual({ status: 200, msg: 'ok' });
    await macosCard.getByRole('button', { name: /立即下载/ }).click();
    await expect(page.getByText(MSG_DOWNLOAD_NOT_FOUND)).toBeVisible();
    // The page itself, on its next request, offers Windows only.
    await page.reload();
    await expect(page.locator('[data-download-card]')).toHaveCount(1);
  } finally {
    expect((await opsPost(operator, 'download', demoManifestBody())).status).toBe(200);
  }
  await page.reload();
  await waitForAllHydrated(page, 'DownloadCard');
  await expect(page.locator('[data-download-card]')).toHaveCount(2);

  // An address the browser cannot reach (the network is gone): 下载地址错误.
  await page.context().setOffline(true);
  try {
    await page.locator('[data-download-card]').first().getByRole('button', { name: /立即下载/ }).click();
    await expect(page.getByText(MSG_DOWNLOAD_BAD_ADDRESS)).toBeVisible();
  } finally {
    await page.context().setOffline(false);
  }
  await operator.context().close();
});
