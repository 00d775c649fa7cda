/**
 * Accessible by default (STYLE.md §11): no serious or critical WCAG 2.1 A/AA violation, and every
 * button and link has an accessible name, on home, the 404 page and home with the login modal open.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { waitForChrome } from './support';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;
type Violation = AxeResults['violations'][number];

/** One line per failing element: rule, impact, selector, the element's markup, and axe's own fix summary. */
function describe(violations: Violation[]): string {
  return violations
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.impact}) at ${node.target.join(' ')} ${node.html}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
      ),
    )
    .join('\n');
}

async function expectAccessible(page: Page): Promise<void> {
  const wcag = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const blocking = wcag.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
  expect(blocking, describe(blocking)).toEqual([]);

  // Names on every button and link, whatever impact axe gives a miss.
  const names = await new AxeBuilder({ page }).withRules(['button-name', 'link-name']).analyze();
  expect(names.violations, describe(names.violations)).toEqual([]);
}

test('home has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await waitForChrome(page);
  await expectAccessible(page);
});

test('the 404 page has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/no-such-page');
  await waitForChrome(page);
  await expectAccessible(page);
});

test('home with the login modal open has no serious or critical accessibility violations', async ({ page }) => {
  await page.goto('/');
  await waitForChrome(page);
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  await expectAccessible(page);
});
