/**
 * Issue 15 站点设置 and issue 16 /ContactUs, /download in the browser against the production build:
 * an operator changes the contacts in the console and a reader's /ContactUs (page-cached) shows
 * them on the next request; a finance operator sees only the money sections; the launcher download
 * gives the bytes the page's SHA-256 names, and the spec's three download errors show: a file the
 * manifest no longer offers (文件不存在), a build deleted in the console (下载文件出错,文件已被删除)
 * and an address that cannot be reached (下载地址错误). The console uploads a launcher build (progress,
 * then the size and SHA-256 the server computed), publishes it, and /download serves those bytes.
 * Screenshots at 1280 and 390 px.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { MSG_DOWNLOAD_BAD_ADDRESS, MSG_DOWNLOAD_BAD_EXTENSION, MSG_DOWNLOAD_DELETED, MSG_DOWNLOAD_NOT_FOUND } from '../../src/features/content/contract/site-settings';
import { DEMO_CONTACTS } from '../../src/app/seed/settings';
import { demoDownloadManifest } from '../../src/app/seed/downloads';
import { OPERATORS, signInOperator, waitForAllHydrated } from './support';

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
  await waitForAllHydrated(page, 'ContactsForm');
  // Operations holds settings.site only: no money sections.
  await expect(page.getByRole('form', { name: '平台佣金' })).toHaveCount(0);
  const form = page.getByRole('form', { name: '联系方式' });
  // One row per channel, not a text area of `名称 | 联系方式 | 说明` lines.
  await expect(form.locator('[data-contact-row]')).toHaveCount(DEMO_CONTACTS.channels.length);
  await expect(form.getByLabel('第1条 联系方式')).toHaveValue(DEMO_CONTACTS.channels[0]!.value);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `ops-settings-${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  try {
    // A row without its contact is refused with its number, and nothing changes.
    await form.getByLabel('第1条 联系方式').fill('');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form.getByText('第1条：请填写联系方式')).toBeVisible();

    // Down to two rows: the first changed, the rest deleted, one added.
    while ((await form.locator('[data-contact-row]').count()) > 1) await form.getByRole('button', { name: /^删除第\d+条$/ }).last().click();
    await form.getByLabel('第1条 名称').fill('客服热线');
    await form.getByLabel('第1条 联系方式').fill(`400-800-${marker.padStart(4, '0').slice(-4)}`);
    await form.getByLabel('第1条 说明').fill('每天 08:00-23:00');
    await form.getByRole('button', { name: '添加一条' }).click();
    await form.getByLabel('第2条 名称').fill('客服邮箱');
    await form.getByLabel('第2条 联系方式').fill(`kefu${marker}@zuhao.test`);
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
    const restored = await opsPost(page, 'contacts', { channels: DEMO_CONTACTS.channels, notice: DEMO_CONTACTS.notice });
    expect([200, 409]).toContain(restored.status);
  }
  await reader.reload();
  await expect(reader.getByText(DEMO_CONTACTS.channels[0]!.value)).toBeVisible();
  await reader.context().close();
});

test('a finance operator sees the money sections only, the commission in percent', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.finance.username, OPERATORS.finance.password, '/ops/settings');
  await waitForAllHydrated(page, 'OpsForm');
  const commission = page.getByRole('form', { name: '平台佣金' });
  await expect(commission).toBeVisible();
  // Issue 28: a percent an operator reads, not 基点.
  await expect(commission).toContainText('%');
  await expect(commission).not.toContainText('基点');
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: testInfo.outputPath(`ops-settings-finance-${width}.png`), fullPage: true });
  }
  await expect(page.getByRole('form', { name: '收益冻结' })).toBeVisible();
  await expect(page.getByRole('form', { name: '联系方式' })).toHaveCount(0);
  expect((await opsPost(page, 'contacts', { channels: [] })).status).toBe(403);
});

// Both tests below change the one download manifest and put the demo one back: with fullyParallel
// they ran side by side, and one's restore met the other's (409 设置没有变化, a card count off by one).
// One worker runs them one after the other.
test.describe('the launcher manifest, one shared setting', () => {
  test.describe.configure({ mode: 'default' });

  test('the launcher downloads with the bytes its SHA-256 names, and the three download errors show', async ({ page, browser }, testInfo) => {
    const manifest = demoDownloadManifest();
    const windows = manifest.builds.find((build) => build.platform === 'windows')!;

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

  test('the console uploads a launcher build with progress and its SHA-256; /download serves it; a deleted build answers 410', async ({ page, browser }, testInfo) => {
    const name = `zuhao-launcher-9.${Date.now().toString(36)}-macos.zip`;
    const bytes = randomBytes(3 * 1024 * 1024 + 123);
    const sha256 = createHash('sha256').update(bytes).digest('hex');

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/settings');
    await waitForAllHydrated(page, 'LauncherUpload');
    // No server folder and no command line on the console.
    await expect(page.locator('body')).not.toContainText('npm run');
    await expect(page.locator('body')).not.toContainText('/downloads');
    const uploader = page.locator('[data-launcher-upload]');
    const picker = uploader.locator('input[type=file]');

    await picker.setInputFiles({ name: 'readme.txt', mimeType: 'text/plain', buffer: Buffer.from('not a launcher') });
    await expect(uploader.getByRole('alert')).toHaveText(MSG_DOWNLOAD_BAD_EXTENSION);

    await picker.setInputFiles({ name, mimeType: 'application/zip', buffer: bytes });
    await expect(uploader.locator('[data-upload-result]')).toBeVisible({ timeout: 60_000 });
    await expect(uploader.locator('[data-upload-sha256]')).toHaveText(sha256);
    await expect(uploader.locator('[data-upload-result]')).toContainText(`${bytes.length.toLocaleString('zh-CN')} 字节`);
    await uploader.scrollIntoViewIfNeeded();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(page);
      await uploader.scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`ops-launcher-upload-${width}.png`) });
      await testInfo.attach(`ops-launcher-upload-${width}`, { path: testInfo.outputPath(`ops-launcher-upload-${width}.png`), contentType: 'image/png' });
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    const reader = await readerPage(browser);
    try {
      // Pick it for macOS in the manifest and publish.
      await uploader.getByRole('button', { name: '刷新页面，在下方选用此文件' }).click();
      await waitForAllHydrated(page, 'OpsForm');
      const row = page.locator(`[data-launcher-file="${name}"]`);
      await expect(row).toContainText(sha256);
      const form = page.getByRole('form', { name: '启动器下载' });
      await form.getByLabel('macOS 安装包').selectOption(name);
      await form.getByRole('button', { name: '保存' }).click();
      await expect(page.getByText('已保存启动器下载')).toBeVisible();
      await expect(page.locator(`[data-launcher-file="${name}"]`)).toContainText('下载页提供中（macOS）');
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await expectNoSidewaysScroll(page);
        await page.locator('[data-launcher-files]').scrollIntoViewIfNeeded();
        await page.screenshot({ path: testInfo.outputPath(`ops-launcher-files-${width}.png`) });
        await testInfo.attach(`ops-launcher-files-${width}`, { path: testInfo.outputPath(`ops-launcher-files-${width}.png`), contentType: 'image/png' });
      }
      await page.setViewportSize({ width: 1280, height: 900 });

      // The public page offers it and the browser gets exactly those bytes.
      await reader.goto('/download');
      await waitForAllHydrated(reader, 'DownloadCard');
      const macosCard = reader.locator('[data-download-card]').nth(1);
      await expect(macosCard.locator('[data-sha256]')).toHaveText(sha256);
      const downloading = reader.waitForEvent('download');
      await macosCard.getByRole('button', { name: /立即下载/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(name);
      const got = await readFile((await download.path())!);
      expect(createHash('sha256').update(got).digest('hex')).toBe(sha256);

      // Back to the demo build for macOS, then the uploaded one is deleted (danger button, confirmation).
      expect(await opsPost(page, 'download', demoManifestBody())).toEqual({ status: 200, msg: 'ok' });
      await page.reload();
      await waitForAllHydrated(page, 'OpsAction');
      await page.locator(`[data-launcher-file="${name}"]`).getByRole('button', { name: '删除' }).click();
      const dialog = page.getByRole('dialog', { name: '删除安装包' });
      await expect(dialog).toContainText(name);
      await dialog.getByRole('button', { name: '确定' }).click();
      await expect(page.getByText(`已删除 ${name}`)).toBeVisible();
      await expect(page.locator(`[data-launcher-file="${name}"]`)).toHaveCount(0);

      // The reader's page still offers it: 410 and the spec's text.
      const gone = await reader.request.get(`/downloads/${name}`);
      expect(gone.status()).toBe(410);
      expect(((await gone.json()) as { msg: string }).msg).toBe(MSG_DOWNLOAD_DELETED);
      await macosCard.getByRole('button', { name: /立即下载/ }).click();
      await expect(reader.getByText(MSG_DOWNLOAD_DELETED)).toBeVisible();
    } finally {
      const restored = await opsPost(page, 'download', demoManifestBody());
      expect([200, 409]).toContain(restored.status);
      await reader.context().close();
    }
  });
});
