/**
 * The browsing pages of issue 3 are accessible (STYLE.md §11): no WCAG 2.1 A/AA violation of any
 * impact, and a name on every button and link, including the detail page with its hydrated picker.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { waitForChrome, waitForHydration } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const PAGES = [
  '/',
  '/zuhao.html',
  '/zuhao/1.html?platform_id=1&hafu_tier=1m',
  '/zuhao.html?keyword=%E4%B8%8D%E5%AD%98%E5%9C%A8zzqq',
  '/detail/1.html',
  '/tejia.html',
  '/tejia/2.html',
  '/free',
  '/dianpu',
  '/dianpu?id=1',
  '/svip',
  '/Notice',
  '/NoticeDetail?id=1',
];

for (const path of PAGES) {
  test(`${path} has no WCAG A/AA violation`, async ({ page }) => {
    await page.goto(path);
    await waitForChrome(page);
    if (path.startsWith('/detail/')) await waitForHydration(page, 'RentalPicker');
    // Two runs: withTags and withRules each replace axe's runOnly, they do not combine.
    const wcag = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
    const names = await new AxeBuilder({ page }).withRules(['button-name', 'link-name']).analyze();
    const lines = [...wcag.violations, ...names.violations].flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`),
    );
    expect(lines, lines.join('\n')).toEqual([]);
  });
}
