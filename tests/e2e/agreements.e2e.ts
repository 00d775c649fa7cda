/**
 * Issue 25 "What a launch needs on the page", in the browser against the production build: an
 * operator publishes a new version of 《平台服务协议》, the public page shows it while the older
 * version stays readable at ?v=N, and the register dialog's link opens it in a new tab without
 * ticking the box; an ICP number set in 站点设置 shows in the footer, linked to MIIT's search, and
 * what is not set does not show. Nothing loads from another host. At 1280 and 390 px.
 */
import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import { OPERATORS, loginDialog, signInOperator, waitForAllHydrated, waitForChrome, waitForHydration } from './support';

test.describe.configure({ timeout: 120_000 });

const WIDTHS = [1280, 390] as const;

/** A full-page screenshot kept beside the test's output (test-results/) and attached to its report. */
async function shot(page: Page, testInfo: TestInfo, name: string, fullPage = true): Promise<void> {
  const file = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** A reader's own browser, which records every host a page loads anything from. */
async function readerPage(browser: Browser): Promise<{ page: Page; outsideLoads: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const outsideLoads: string[] = [];
  context.on('request', (request) => {
    const host = new URL(request.url()).hostname;
    if (host !== '127.0.0.1' && host !== 'localhost' && !request.url().startsWith('data:')) outsideLoads.push(request.url());
  });
  return { page: await context.newPage(), outsideLoads };
}

test('an operator publishes a new version; the public page shows it, the old one stays, and the register dialog links to it', async ({ page, browser }, testInfo) => {
  const marker = `第${testInfo.workerIndex}${Date.now() % 1_000_000}号条款`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/agreements');
  await expect(page).toHaveURL(/\/ops\/agreements$/);
  await waitForHydration(page, 'ContentEditor');

  const form = page.getByRole('form', { name: '发布《平台服务协议》新版本' });
  const publish = form.getByRole('button', { name: /^发布第 \d+ 版$/ });
  const next = Number((await publish.innerText()).match(/\d+/)![0]);
  const body = form.getByLabel('正文（Markdown）');
  const previous = await body.inputValue();
  await body.fill(`## 新增条款\n\n**${marker}**：本条为端到端测试发布的条款。\n\n${previous}`);
  await expect(form.getByRole('region', { name: '预览' }).getByRole('heading', { name: '新增条款' })).toBeVisible();
  await shot(page, testInfo, 'ops-agreements-1280');
  await publish.click();
  await expect(page.getByRole('status').filter({ hasText: '《平台服务协议》新版本已发布' })).toBeVisible();
  await expect(page.locator(`tr[data-agreement-row="${next}"]`)).toContainText('（现行）');

  const { page: reader, outsideLoads } = await readerPage(browser);
  await reader.goto('/agreement/service');
  await expect(reader.getByRole('heading', { level: 1, name: '《平台服务协议》' })).toBeVisible();
  await expect(reader.locator('[data-agreement-version]')).toContainText(`第 ${next} 版`);
  await expect(reader.getByText('当前版本', { exact: true })).toBeVisible();
  await expect(reader.locator('strong', { hasText: marker })).toBeVisible();
  for (const width of WIDTHS) {
    await reader.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(reader);
    await shot(reader, testInfo, `agreement-service-${width}`);
  }
  await reader.setViewportSize({ width: 1280, height: 900 });

  // The version before it is still there, marked as history, by its own address.
  await reader.getByRole('link', { name: `第 ${next - 1} 版`, exact: true }).click();
  await expect(reader).toHaveURL(new RegExp(`/agreement/service\\?v=${next - 1}$`));
  await expect(reader.getByRole('note')).toContainText(`这是历史版本，现行版本为第 ${next} 版`);
  await expect(reader.locator('strong', { hasText: marker })).toHaveCount(0);
  expect((await reader.goto('/agreement/service?v=999999'))?.status()).toBe(404);

  // The register dialog: the words keep their characters, and the name opens the current version.
  await reader.goto('/');
  await waitForChrome(reader);
  await reader.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await loginDialog(reader).getByRole('tab', { name: '注册' }).click();
  const panel = loginDialog(reader).getByRole('tabpanel');
  const box = panel.getByLabel('我已阅读并同意《平台服务协议》和《隐私政策》');
  await expect(box).not.toBeChecked();
  await expect(panel.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('href', '/agreement/privacy');
  const [opened] = await Promise.all([reader.context().waitForEvent('page'), panel.getByRole('link', { name: '《平台服务协议》' }).click()]);
  await opened.waitForLoadState();
  await expect(opened).toHaveURL(/\/agreement\/service$/);
  await expect(opened.locator('strong', { hasText: marker })).toBeVisible();
  // Following the link leaves the dialog as it was: the box is not ticked by the click.
  await expect(box).not.toBeChecked();
  expect(outsideLoads).toEqual([]);
  await reader.context().close();
});

test('an ICP number set in 站点设置 shows in the footer, linked to MIIT; what is not set does not show', async ({ page, browser }, testInfo) => {
  const { page: reader, outsideLoads } = await readerPage(browser);
  await reader.goto('/help');
  const footer = reader.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '平台服务协议' })).toHaveAttribute('href', '/agreement/service');

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, OPERATORS.operations.username, OPERATORS.operations.password, '/ops/settings');
  await waitForAllHydrated(page, 'OpsForm');
  const form = page.getByRole('form', { name: '备案与经营信息' });
  try {
    await form.getByLabel('ICP备案号').fill('ICP备案 123');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(form.getByText('ICP备案号格式应如：京ICP备12345678号-1').first()).toBeVisible();

    await form.getByLabel('运营方名称').fill('畅租号测试科技有限公司');
    await form.getByLabel('ICP备案号').fill('京ICP备20261125号-1');
    await form.getByLabel('公安备案号').fill('');
    await form.getByLabel('经营许可证').fill('');
    await form.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('已保存备案与经营信息')).toBeVisible();

    await reader.reload();
    const filing = footer.getByRole('list', { name: '备案信息' });
    await expect(filing.getByRole('link', { name: '京ICP备20261125号-1' })).toHaveAttribute('href', 'https://beian.miit.gov.cn/');
    await expect(filing.getByText('运营方：畅租号测试科技有限公司')).toBeVisible();
    await expect(filing.locator('[data-filing="police"]')).toHaveCount(0);
    await expect(filing.locator('[data-filing="licence"]')).toHaveCount(0);
    for (const width of WIDTHS) {
      await reader.setViewportSize({ width, height: 900 });
      await expectNoSidewaysScroll(reader);
      await footer.scrollIntoViewIfNeeded();
      const file = testInfo.outputPath(`footer-${width}.png`);
      await footer.screenshot({ path: file });
      await testInfo.attach(`footer-${width}`, { path: file, contentType: 'image/png' });
    }
    expect(outsideLoads).toEqual([]);
  } finally {
    // Back to nothing set, as a fresh install is.
    const response = await page.request.post('/api/v1/ops/settings/filing', { data: {} });
    expect([200, 409]).toContain(response.status());
  }
  await reader.reload();
  await expect(footer.getByRole('list', { name: '备案信息' })).toHaveCount(0);
  await reader.context().close();
});
