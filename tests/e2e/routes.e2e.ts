/**
 * Spec §2 routing rules against the running server: the title rule, every route answering,
 * unknown paths going to 404, index.html going home and /account going to personal.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNT_HOME_PATH, ROUTES, routeByName } from '../../src/platform/config/routes';
import { BRANDS } from '../../src/platform/rules/brand';
import { matchRoute } from '../../src/platform/config/routes';
import { documentTitle } from '../../src/platform/rules/routing';
import { samplePath } from './support';

const DEFAULT_TITLE = BRANDS.default.title;
const NOT_FOUND_TITLE = documentTitle(DEFAULT_TITLE, routeByName('404').title);

test.describe('document title is the environment title, a dash, then the route title (spec §2)', () => {
  for (const route of ROUTES.filter((candidate) => candidate.layout === 'standalone')) {
    test(`standalone ${route.path} (${route.name}) is titled "${documentTitle(DEFAULT_TITLE, route.title)}"`, async ({ page }) => {
      await page.goto(samplePath(route));
      await expect(page).toHaveTitle(documentTitle(DEFAULT_TITLE, route.title));
    });
  }

  // The detail page is titled with the listing's own title (tested in catalog-pages.e2e.ts).
  const SAMPLE_PATHS = ['/', '/zuhao.html', '/zuhao/1.html', '/account/personal', '/account/account_goldCoin'];
  for (const path of SAMPLE_PATHS) {
    const { route } = matchRoute(path);
    test(`${route.layout} ${path} answers 200 titled "${documentTitle(DEFAULT_TITLE, route.title)}"`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(documentTitle(DEFAULT_TITLE, route.title));
    });
  }
});

test.describe('every route of the table answers', () => {
  for (const route of ROUTES) {
    const path = samplePath(route);
    if (route.name === '404') {
      test(`${path} answers 404`, async ({ request }) => {
        const response = await request.get(path);
        expect(response.status()).toBe(404);
      });
    } else {
      test(`${path} (${route.name}) answers below 400`, async ({ request }) => {
        const response = await request.get(path);
        expect(response.status(), `${path} answered ${response.status()}`).toBeLessThan(400);
      });
    }
  }
});

test.describe('an unknown path goes to the 404 page (spec §2)', () => {
  for (const path of ['/no-such-page', '/zuhao/abc/def']) {
    test(`${path} renders the 404 page with HTTP 404`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page).toHaveTitle(NOT_FOUND_TITLE);
      const main = page.getByRole('main');
      await expect(main.getByText('您访问的页面不存在或已被移除')).toBeVisible();
      await expect(main.getByRole('link', { name: '返回首页' })).toBeVisible();
    });
  }
});

test.describe('a path containing index.html goes to home (spec §2)', () => {
  for (const path of ['/index.html', '/zuhao/index.html']) {
    test(`${path} answers 301 to /`, async ({ request, baseURL }) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status()).toBe(301);
      expect(new URL(response.headers()['location'] ?? '', baseURL).pathname).toBe('/');
    });

    test(`${path} ends on the home page`, async ({ page, baseURL }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new URL('/', baseURL).href);
      await expect(page).toHaveTitle(documentTitle(DEFAULT_TITLE, routeByName('home').title));
    });
  }
});

test('/account redirects to the personal centre (spec §2)', async ({ page, request, baseURL }) => {
  const first = await request.get('/account', { maxRedirects: 0 });
  expect(first.status()).toBeGreaterThanOrEqual(300);
  expect(first.status()).toBeLessThan(400);
  expect(new URL(first.headers()['location'] ?? '', baseURL).pathname).toBe(ACCOUNT_HOME_PATH);

  await page.goto('/account');
  await expect(page).toHaveURL(new URL(ACCOUNT_HOME_PATH, baseURL).href);
  await expect(page).toHaveTitle(documentTitle(DEFAULT_TITLE, routeByName('personal').title));
});

/**
 * Issue 12 "same frame everywhere": the content pages the spec lists among its standalone routes
 * render in the main frame, with the site header and its navigation, at desktop and phone widths;
 * the pages that are a step of a flow keep the slim logo bar (docs/decisions.md).
 */
test.describe('content pages share the main frame (issue 12)', () => {
  const FRAMED = ['help', 'ContactUs', 'download', 'VIPSubscribe', '404', 'business-invest'];
  const SLIM = ['502', 'deleted_page', 'bind', 'register', 'redirect'];

  for (const name of FRAMED) {
    const path = samplePath(routeByName(name));
    test(`${name} (${path}) has the site header with the main navigation`, async ({ page }) => {
      await page.goto(path);
      const header = page.getByRole('banner');
      await expect(header).toHaveAttribute('data-site-header', '');
      const nav = page.getByRole('navigation', { name: '主导航', exact: true });
      for (const label of ['首页', '租号大厅', '特价']) await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
      // None of these pages is a nav item, so none is marked as the current one.
      await expect(nav.locator('[aria-current]')).toHaveCount(0);
      await expect(header.getByRole('search')).toBeVisible();

      await page.setViewportSize({ width: 390, height: 844 });
      await header.getByRole('button', { name: '菜单' }).click();
      await expect(page.getByRole('navigation', { name: '主导航（移动端）' }).getByRole('link', { name: '租号大厅' })).toBeVisible();
    });
  }

  for (const name of SLIM) {
    const path = samplePath(routeByName(name));
    test(`${name} (${path}) keeps the slim bar with the logo and 返回首页`, async ({ page }) => {
      await page.goto(path);
      await expect(page.locator('[data-site-header]')).toHaveCount(0);
      await expect(page.getByRole('banner').getByRole('link', { name: '返回首页' })).toBeVisible();
    });
  }
});
