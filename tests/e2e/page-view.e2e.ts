/**
 * Spec §2: after each navigation the page is at the top and a page view is reported to the
 * analytics service (§7 POST /api/v1/collector/activity).
 */
import { expect, test, type Page, type Response } from '@playwright/test';
import { CODE_SUCCESS } from '../../src/platform/config/constants';
import { scrollY } from './support';

const COLLECTOR_PATH = '/api/v1/collector/activity';

interface PageViewBody {
  kind: string;
  name?: string;
  title?: string;
  path: string;
  sessionId?: string;
  prevPage?: string | null;
}

/**
 * The beacon's Blob body is invisible to Playwright (postData() is null) unless the request is
 * intercepted; a pass-through route makes it readable without changing what reaches the server.
 */
test.beforeEach(async ({ page }) => {
  await page.route(`**${COLLECTOR_PATH}`, (route) => route.continue());
});

/** Resolves with the collector response of the next page view reported for `path`. */
function nextPageView(page: Page, path: string): Promise<Response> {
  return page.waitForResponse((response) => {
    const request = response.request();
    if (request.method() !== 'POST' || new URL(response.url()).pathname !== COLLECTOR_PATH) return false;
    const body = request.postDataJSON() as PageViewBody | null;
    return body?.kind === 'pageview' && body.path === path;
  });
}

test('loading home reports one page view named home with a 32-character session id', async ({ page }) => {
  const reported = nextPageView(page, '/');
  await page.goto('/');
  const response = await reported;

  const body = response.request().postDataJSON() as PageViewBody;
  expect(body).toMatchObject({ kind: 'pageview', name: 'home', path: '/' });
  expect(body.sessionId).toMatch(/^[A-Za-z0-9]{32}$/);
  expect(body.title).toBe(await page.title());

  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ code: CODE_SUCCESS });
});

test('navigating to a second page reports it with the previous page and the same session', async ({ page, baseURL }) => {
  const first = nextPageView(page, '/');
  await page.goto('/');
  const home = (await first).request().postDataJSON() as PageViewBody;

  const second = nextPageView(page, '/help');
  await page.getByRole('navigation', { name: '页脚导航' }).getByRole('link', { name: '帮助中心' }).click();
  const help = (await second).request().postDataJSON() as PageViewBody;

  expect(help).toMatchObject({ kind: 'pageview', name: 'help', path: '/help', sessionId: home.sessionId });
  expect(help.prevPage).toBe(new URL('/', baseURL).href);
});

test('after a navigation from the bottom of a page the next page is at the top', async ({ page }) => {
  await page.goto('/');
  const footerLink = page.getByRole('navigation', { name: '页脚导航' }).getByRole('link', { name: '帮助中心' });
  await footerLink.scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page), { message: 'home is long enough to scroll to its footer' }).toBeGreaterThan(0);

  await footerLink.click();
  await expect(page).toHaveURL(/\/help$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('reloading a scrolled page starts again at the top', async ({ page }) => {
  await page.goto('/help');
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => scrollY(page), { message: 'the help page is long enough to scroll' }).toBeGreaterThan(0);

  // Without the app's own rule the browser would restore the scroll position on reload.
  await page.reload();
  await expect.poll(() => scrollY(page)).toBe(0);
});

test('going back to a page left scrolled shows it from the top', async ({ page }) => {
  await page.goto('/help');
  const footerLink = page.getByRole('navigation', { name: '页脚导航' }).getByRole('link', { name: '联系我们' });
  await footerLink.scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
  await footerLink.click();
  await expect(page).toHaveURL(/\/ContactUs$/);

  await page.goBack();
  await expect(page).toHaveURL(/\/help$/);
  await expect.poll(() => scrollY(page)).toBe(0);
});
