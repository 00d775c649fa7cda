/**
 * Issue 12 "Phone": on a phone the rental hall shows listings first. The sort bar leads and sticks
 * under the site header, the filters wait behind its 筛选 button as a sheet (关闭 and Escape close
 * it) and a filter chosen there changes the URL and the results. From md up the filters stand
 * inline above the sort bar as before.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { depositLabel } from '../../src/features/orders/rules/deposit';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

const cards = (page: Page): Locator => page.locator('[data-listing-card]');
// Scoped to the sort bar: the price form in the filters has its own 筛选 submit button.
const filterButton = (page: Page): Locator => page.locator('[data-sort-bar]').getByRole('button', { name: /^筛选/ });
const drawer = (page: Page): Locator => page.getByRole('dialog', { name: '筛选' });
const sortBar = (page: Page): Locator => page.locator('[data-sort-bar]');

test.describe('rental hall on a phone (issue 12)', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize(PHONE);
  });

  test('the first listing card is in the first screen and the filters are hidden', async ({ page }) => {
    await page.goto('/zuhao.html');
    await expect(cards(page).first()).toBeInViewport();
    await expect(page.getByRole('group', { name: '游戏' })).toBeHidden();
    await expect(filterButton(page)).toHaveText('筛选');
    // The sort bar comes before the results, not after a screen of filters.
    const bar = await sortBar(page).boundingBox();
    const card = await cards(page).first().boundingBox();
    expect(bar!.y).toBeLessThan(card!.y);
    expect(card!.y).toBeLessThan(PHONE.height);
  });

  test('筛选 opens the filters as a sheet; 关闭 and Escape close it', async ({ page }) => {
    await page.goto('/zuhao.html');
    await filterButton(page).click();
    await expect(drawer(page)).toBeVisible();
    await expect(drawer(page).getByRole('group', { name: '游戏' })).toBeVisible();
    await expect(filterButton(page)).toHaveAttribute('aria-expanded', 'true');
    // Escape closes it and gives focus back to the button.
    await page.keyboard.press('Escape');
    await expect(drawer(page)).toBeHidden();
    await expect(page.getByRole('group', { name: '游戏' })).toBeHidden();
    await expect(filterButton(page)).toBeFocused();

    await filterButton(page).click();
    const close = drawer(page).getByRole('button', { name: '关闭' });
    const box = await close.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await close.click();
    await expect(drawer(page)).toBeHidden();
  });

  test('the open sheet has no WCAG A/AA violation', async ({ page }) => {
    await page.goto('/zuhao/1.html?platform_id=1');
    await filterButton(page).click();
    await expect(drawer(page)).toBeVisible();
    const results = await new AxeBuilder({ page }).include('#hall-filter-drawer').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('a filter chosen in the sheet changes the URL and the results, and the button counts it', async ({ page }) => {
    await page.goto('/zuhao.html');
    await filterButton(page).click();
    const service = drawer(page).getByRole('group', { name: '服务' });
    const noDeposit = service.getByRole('link', { name: '无押金' });
    const chip = await noDeposit.boundingBox();
    expect(chip!.height).toBeGreaterThanOrEqual(44);
    await noDeposit.click();
    await expect(page).toHaveURL(/[?&]no_deposit=1/);
    await expect(cards(page).first()).toBeVisible();
    for (const deposit of await cards(page).locator('[data-deposit]').allTextContents()) expect(deposit).toBe(depositLabel(0));
    await expect(filterButton(page)).toHaveText('筛选(1)');
    // The sheet is closed on the new page: the results come first again.
    await expect(page.getByRole('group', { name: '服务' })).toBeHidden();
    await expect(cards(page).first()).toBeInViewport();
  });

  test('the count on the button counts each active filter', async ({ page }) => {
    await page.goto('/zuhao/1.html?platform_id=1&no_deposit=1&sort=price_asc');
    await expect(filterButton(page)).toHaveText('筛选(2)');
  });

  test('the sort bar stays in view under the header after scrolling', async ({ page }) => {
    await page.goto('/zuhao.html');
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await expect(sortBar(page)).toBeInViewport();
    const header = await page.locator('[data-site-header]').boundingBox();
    const bar = await sortBar(page).boundingBox();
    // Below the sticky header, not under it.
    expect(bar!.y).toBeGreaterThanOrEqual(header!.y + header!.height - 1);
    await expect(filterButton(page)).toBeInViewport();
  });
});

test.describe('rental hall on a desktop (issue 12 keeps it as it was)', () => {
  test('the filters stand inline above the sort bar and there is no 筛选 button', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await page.goto('/zuhao.html');
    await expect(page.getByRole('group', { name: '游戏' })).toBeVisible();
    await expect(page.getByRole('group', { name: '服务' })).toBeVisible();
    await expect(filterButton(page)).toBeHidden();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const filters = await page.locator('[data-hall-filters]').boundingBox();
    const bar = await sortBar(page).boundingBox();
    expect(filters!.y + filters!.height).toBeLessThanOrEqual(bar!.y);
    expect(await sortBar(page).evaluate((node) => getComputedStyle(node).position)).toBe('static');
  });
});
