/**
 * Spec §2 floating buttons: online service, launcher download, contact us, complaint suggestion
 * and back to top; hidden on business-invest, register, newuser_ranking, free_order and on routes
 * whose meta hides them (redirect, rank_register). From md up they are a column fixed at the right
 * edge; below md nothing floats: a strip after the footer and a group in the 菜单 panel (issue 12).
 */
import { expect, test } from '@playwright/test';
import { routeByName } from '../../src/platform/config/routes';
import { samplePath, scrollY } from './support';

const LINKS = ['在线客服', '下载', '联系我们', '投诉建议'];
const SHOWN_ON = ['home', 'help', 'download', '404'];
const HIDDEN_ON = ['business-invest', 'register', 'rank_register', 'redirect', 'newuser_ranking', 'free_order'];

for (const name of SHOWN_ON) {
  const path = samplePath(routeByName(name));
  test(`floating buttons are shown on ${name} (${path})`, async ({ page }) => {
    await page.goto(path);
    const nav = page.getByRole('navigation', { name: '快捷服务' });
    await expect(nav).toBeVisible();
    for (const label of LINKS) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('button', { name: '返回顶部' })).toBeVisible();
  });
}

for (const name of HIDDEN_ON) {
  const path = samplePath(routeByName(name));
  test(`floating buttons are hidden on ${name} (${path})`, async ({ page }) => {
    await page.goto(path);
    // The page itself rendered, only the floating buttons are missing.
    await expect(page.getByRole('main')).toBeVisible();
    await expect(page.getByRole('navigation', { name: '快捷服务' })).toHaveCount(0);
  });
}

test('返回顶部 scrolls the help page back to the top', async ({ page }) => {
  await page.goto('/help');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page), { message: 'the help page is long enough to scroll' }).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: '快捷服务' }).getByRole('button', { name: '返回顶部' }).click();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('from md up the floating buttons stand as a column fixed at the right edge', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/help');
  const nav = page.getByRole('navigation', { name: '快捷服务' });
  await expect(nav).toHaveCSS('position', 'fixed');
  const box = (await nav.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(1280 - 24);
  expect(box.height, 'five buttons stacked').toBeGreaterThan(5 * 44);
  // The 菜单 button and its panel are the phone header's only.
  await expect(page.getByRole('banner').getByRole('button', { name: '菜单' })).toBeHidden();
});

test.describe('on a 390 px phone nothing floats (issue 12: never over text)', () => {
  // A plain narrow window, not phone emulation (issue 12).
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
  });

  test('快捷服务 is a strip in the page flow after the footer, with 44 px targets', async ({ page }) => {
    await page.goto('/help');
    const nav = page.getByRole('navigation', { name: '快捷服务' });
    await expect(nav).toHaveCSS('position', 'static');
    await expect(page.getByRole('button', { name: '快捷服务' })).toHaveCount(0);
    const footerBottom = await page.locator('footer').last().evaluate((footer) => footer.getBoundingClientRect().bottom + window.scrollY);
    const navTop = await nav.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
    expect(navTop, 'the strip follows the footer').toBeGreaterThanOrEqual(footerBottom - 0.5);

    await nav.scrollIntoViewIfNeeded();
    const controls = [...LINKS.map((label) => nav.getByRole('link', { name: label, exact: true })), nav.getByRole('button', { name: '返回顶部' })];
    for (const control of controls) {
      await expect(control).toBeInViewport({ ratio: 1 });
      const box = (await control.boundingBox())!;
      expect(Math.round(box.height)).toBeGreaterThanOrEqual(44);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await nav.getByRole('button', { name: '返回顶部' }).click();
    await expect.poll(() => scrollY(page)).toBe(0);
  });

  test('the 菜单 panel carries 快捷服务 for the middle of a page, and its 返回顶部 scrolls up and closes it', async ({ page }) => {
    await page.goto('/zuhao.html');
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 2));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    const banner = page.getByRole('banner');
    const menuButton = banner.getByRole('button', { name: '菜单' });
    await menuButton.click();
    const services = banner.getByRole('region', { name: '快捷服务' });
    for (const label of LINKS) {
      const link = services.getByRole('link', { name: label, exact: true });
      await expect(link).toBeInViewport({ ratio: 1 });
      expect(Math.round((await link.boundingBox())!.height)).toBeGreaterThanOrEqual(44);
    }
    await services.getByRole('button', { name: '返回顶部' }).click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(services).toBeHidden();
  });

  test('the 菜单 panel has no 快捷服务 where spec §2 hides the floating buttons (business-invest)', async ({ page }) => {
    await page.goto('/business-invest');
    const banner = page.getByRole('banner');
    await banner.getByRole('button', { name: '菜单' }).click();
    await expect(page.getByRole('navigation', { name: '主导航（移动端）' })).toBeVisible();
    await expect(banner.getByRole('region', { name: '快捷服务' })).toHaveCount(0);
  });

  for (const path of ['/', '/zuhao.html']) {
    test(`no floating-button control lies over the text of ${path} at any of several scroll positions`, async ({ page }) => {
      await page.goto(path);
      const maxScroll = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
      expect(maxScroll, 'the page scrolls').toBeGreaterThan(844);
      for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
        const y = Math.round(maxScroll * fraction);
        await page.evaluate((top) => window.scrollTo(0, top), y);
        await expect.poll(() => scrollY(page)).toBe(y);
        const overlaps = await page.evaluate(() => {
          const onScreen = (rect: DOMRect): boolean =>
            rect.width > 1 && rect.height > 1 && rect.bottom > 0 && rect.top < window.innerHeight && rect.right > 0 && rect.left < window.innerWidth;
          const controls = Array.from(document.querySelectorAll('[data-floating-buttons] a, [data-floating-buttons] button'))
            .map((element) => ({ name: element.textContent?.trim() ?? '', rect: element.getBoundingClientRect() }))
            .filter((control) => onScreen(control.rect));
          const found: string[] = [];
          const main = document.querySelector('main')!;
          const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT, {
            acceptNode: (node) => ((node.textContent ?? '').trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
          });
          const range = document.createRange();
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            range.selectNodeContents(node);
            for (const rect of Array.from(range.getClientRects())) {
              if (!onScreen(rect)) continue;
              for (const control of controls) {
                const c = control.rect;
                if (rect.left < c.right && rect.right > c.left && rect.top < c.bottom && rect.bottom > c.top) {
                  found.push(`${control.name} over "${(node.textContent ?? '').trim().slice(0, 20)}"`);
                }
              }
            }
          }
          return found;
        });
        expect(overlaps, `scrolled to ${y} px (${fraction * 100}%)`).toEqual([]);
      }
    });
  }
});
