/**
 * Issue 15 content and issue 16 help centre, in the browser against the production build: an
 * operator edits a help page beside the live preview and the public page shows the change on the
 * next request; a renter reads a help page at its own address and finds it through search; an
 * announcement written in Markdown shows rendered on /NoticeDetail. At 1280 and 390 px.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { OPERATORS, signInOperator, waitForChrome, waitForHydration } from './support';

// Each journey crosses the console and several public pages at two widths; on a loaded 2-core CI
// machine running two workers that passes the default 30 s.
test.describe.configure({ timeout: 120_000 });

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** No WCAG 2.1 A/AA violation of any impact, and a name on every button and link (as catalog-a11y.e2e.ts). */
async function expectAccessible(page: Page): Promise<void> {
  const wcag = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const names = await new AxeBuilder({ page }).withRules(['button-name', 'link-name']).analyze();
  const lines = [...wcag.violations, ...names.violations].flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`),
  );
  expect(lines, `${page.url()}\n${lines.join('\n')}`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A full-page screenshot kept beside the test's output (test-results/) and attached to its report. */
async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** A reader's own browser: no operator cookie, nothing shared with the operator's tab. */
async function readerPage(browser: Browser, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
}

test('an operator edits a help page beside the live preview, and the public page shows it at once', async ({ page, browser }, testInfo) => {
  const marker = `e2e${testInfo.workerIndex}${Date.now() % 1_000_000}`;
  // A reader has the page in the page cache before the edit.
  const reader = await readerPage(browser);
  const before = await reader.goto('/help/account-safety');
  expect(before?.status()).toBe(200);
  await expect(reader.getByRole('heading', { level: 1, name: '账号安全' })).toBeVisible();
  await expect(reader.getByRole('heading', { name: '新增的安全提示' })).toHaveCount(0);
  expect((await reader.goto('/help/account-safety'))?.headers()['x-page-cache']).toBe('hit');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/help');
  await expect(page).toHaveURL(/\/ops\/help$/);
  await page.locator('tr[data-help-slug="account-safety"]').getByRole('link', { name: '编辑' }).click();
  await expect(page).toHaveURL(/\/ops\/help\?id=\d+$/);
  await waitForHydration(page, 'ContentEditor');

  const form = page.getByRole('form', { name: '编辑帮助文档' });
  const preview = form.getByRole('region', { name: '预览' });
  // The saved page's HTML is there before any typing.
  await expect(preview.getByText('请勿修改所租账号的密码')).toBeVisible();

  const body = form.getByLabel('正文（Markdown）');
  const original = await body.inputValue();
  await body.fill(`${original}\n\n# 新增的安全提示\n\n**${marker}**：发现异常请立即联系客服。\n\n<script>alert(1)</script>`);
  await expect(preview.getByRole('heading', { name: '新增的安全提示' })).toBeVisible();
  await expect(preview.locator('strong', { hasText: marker })).toBeVisible();
  // Raw HTML is shown as the text it is, never run.
  await expect(preview.getByText('<script>alert(1)</script>')).toBeVisible();
  await expect(form.getByRole('status').filter({ hasText: '预览已更新' })).toBeVisible();
  await shot(page, testInfo, 'ops-help-editor-1280');

  const previewHtml = await preview.locator('.prose-help').innerHTML();
  await form.getByRole('button', { name: '保存' }).click();
  await expect(page.getByRole('status').filter({ hasText: '帮助文档已保存' })).toBeVisible();

  // The reader's next request shows the change: the edit raised the page cache's version.
  const after = await reader.goto('/help/account-safety');
  expect(after?.status()).toBe(200);
  expect(after?.headers()['x-page-cache']).toBe('miss');
  const article = reader.getByRole('article');
  await expect(article.getByRole('heading', { name: '新增的安全提示' })).toBeVisible();
  await expect(article.locator('strong', { hasText: marker })).toBeVisible();
  // Exactly what the preview showed.
  expect(await reader.locator('[data-help-content]').innerHTML()).toBe(previewHtml);
  await expect(reader.locator('[data-help-content] script')).toHaveCount(0);

  // The console's list at 390 px keeps to the screen (the wide table scrolls inside its frame).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ops/help');
  await expect(page.locator('tr[data-help-slug="account-safety"]')).toContainText('yy01');
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'ops-help-list-390');
  await page.locator('tr[data-help-slug="account-safety"]').getByRole('link', { name: '编辑' }).click();
  await waitForHydration(page, 'ContentEditor');
  await expect(page.getByRole('region', { name: '预览' }).getByRole('heading', { name: '新增的安全提示' })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'ops-help-editor-390');
  await page.goto('/ops/help');
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, testInfo, 'ops-help-list-1280');
  await reader.context().close();
});

for (const width of [1280, 390]) {
  test(`a renter reads a help page at its own address and finds it through search (${width} px)`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: '帮助中心' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '租号指南' })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `help-${width}`);

    await page.getByRole('link', { name: '时段租说明' }).click();
    await expect(page).toHaveURL(/\/help\/time-slots$/);
    await expect(page).toHaveTitle(/时段租说明/);
    await expect(page.getByRole('heading', { level: 1, name: '时段租说明' })).toBeVisible();
    await expect(page.getByRole('article').getByRole('table')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '帮助目录' }).getByRole('link', { name: '时段租说明' })).toHaveAttribute('aria-current', 'page');
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `help-page-${width}`);

    const search = page.getByRole('search', { name: '搜索帮助' });
    await search.getByRole('searchbox', { name: '搜索帮助' }).fill('窗口');
    await search.getByRole('button', { name: '搜索' }).click();
    await expect(page).toHaveURL(/\/help\/search\?q=%E7%AA%97%E5%8F%A3$/);
    await expect(page.getByRole('heading', { name: /找到 \d+ 篇与“窗口”相关的帮助/ })).toBeVisible();
    const hit = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: '时段租说明' }) });
    await expect(hit.locator('mark')).toHaveText('窗口');
    await expectNoSidewaysScroll(page);
    await shot(page, testInfo, `help-search-${width}`);

    await hit.getByRole('link', { name: '时段租说明' }).click();
    await expect(page).toHaveURL(/\/help\/time-slots$/);

    await page.goto(`/help/search?q=${encodeURIComponent('不存在的问题词')}`);
    await expect(page.getByRole('heading', { name: '没有找到与“不存在的问题词”相关的帮助' })).toBeVisible();
    expect((await page.goto('/help/no-such-page'))?.status()).toBe(404);
  });
}

test('an announcement written in Markdown shows rendered on /NoticeDetail', async ({ page, browser }, testInfo) => {
  const title = `Markdown 公告 ${testInfo.workerIndex}-${Date.now() % 1_000_000}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.admin.username, OPERATORS.admin.password, '/ops/announcements');
  await page.getByRole('link', { name: '新建公告' }).click();
  await expect(page).toHaveURL(/\/ops\/announcements\?id=new$/);
  await waitForHydration(page, 'ContentEditor');

  const form = page.getByRole('form', { name: '新建公告' });
  await form.getByLabel('标题').fill(title);
  await form.getByLabel('置顶').check();
  await form.getByLabel('正文（Markdown）').fill(
    ['## 活动说明', '', '**限时**：以下账号参与活动', '', '- 王者荣耀', '- 和平精英', '', '详情见[帮助中心](/help/vip-discount)。', '', '![外站图片](https://evil.example/a.png)'].join('\n'),
  );
  const preview = form.getByRole('region', { name: '预览' });
  await expect(preview.getByRole('heading', { name: '活动说明' })).toBeVisible();
  await expect(preview.getByRole('listitem')).toHaveCount(2);
  await expect(preview.locator('img')).toHaveCount(0);
  await shot(page, testInfo, 'ops-announcement-editor-1280');
  await form.getByRole('button', { name: '创建' }).click();
  await expect(page.getByRole('status').filter({ hasText: '公告已创建' })).toBeVisible();
  await expect(page).toHaveURL(/\/ops\/announcements\?id=\d+$/);
  const id = new URL(page.url()).searchParams.get('id')!;

  await page.goto('/ops/announcements');
  await expect(page.locator(`tr[data-announcement="${id}"]`)).toContainText('已发布');
  await shot(page, testInfo, 'ops-announcements-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expectNoSidewaysScroll(page);
  await shot(page, testInfo, 'ops-announcements-390');

  for (const width of [1280, 390]) {
    const reader = await readerPage(browser, width);
    await reader.goto('/Notice');
    // Pinned: first in the list.
    await expect(reader.getByRole('region', { name: '公告列表' }).getByRole('link').first()).toContainText(title);
    await reader.goto(`/NoticeDetail?id=${id}`);
    await expect(reader.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const content = reader.locator('[data-notice-content]');
    await expect(content.getByRole('heading', { name: '活动说明' })).toBeVisible();
    await expect(content.locator('strong')).toHaveText('限时');
    await expect(content.getByRole('listitem')).toHaveText(['王者荣耀', '和平精英']);
    await expect(content.getByRole('link', { name: '帮助中心' })).toHaveAttribute('href', '/help/vip-discount');
    await expect(content.locator('img')).toHaveCount(0);
    await expect(content).toContainText('外站图片');
    await expectNoSidewaysScroll(reader);
    await shot(reader, testInfo, `notice-detail-${width}`);
    await reader.context().close();
  }
});

for (const path of ['/help', '/help/time-slots', `/help/search?q=${encodeURIComponent('押金')}`, '/help/search']) {
  test(`${path} has no WCAG A/AA violation`, async ({ page }) => {
    await page.goto(path);
    await waitForChrome(page);
    await expectAccessible(page);
  });
}

test('the console help editor has no WCAG A/AA violation', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/help');
  await page.goto('/ops/help?id=new');
  await waitForHydration(page, 'ContentEditor');
  await page.getByRole('form', { name: '新建帮助文档' }).getByLabel('正文（Markdown）').fill('## 标题\n\n正文与[链接](/help)');
  await expect(page.getByRole('region', { name: '预览' }).getByRole('heading', { name: '标题' })).toBeVisible();
  await expectAccessible(page);
});
