/**
 * Helpers shared by the end-to-end specs (not a spec itself: testMatch is *.e2e.ts).
 * Routes, titles and brands come from the app's own tables so the specs never drift from them.
 */
import { expect, type Page } from '@playwright/test';
import type { RouteDef } from '../../src/lib/routes';

/** A concrete path for a route pattern: every `:param` becomes 1 (/zuhao/:game_id.html → /zuhao/1.html). */
export function samplePath(route: Pick<RouteDef, 'path'>): string {
  return route.path.replace(/:[A-Za-z_]+/g, '1');
}

/** The port the test server listens on (playwright.config.ts: E2E_PORT, default 4399). */
export function serverPort(baseURL: string | undefined): string {
  if (!baseURL) throw new Error('baseURL is not configured');
  return new URL(baseURL).port;
}

/** The same server reached under another host name (the browser maps *.wbzuhao.test and *.aizuhao.test to 127.0.0.1). */
export function urlOnHost(host: string, path: string, baseURL: string | undefined): string {
  return `http://${host}:${serverPort(baseURL)}${path}`;
}

/**
 * Islands hydrate on idle (client:idle). Astro removes the bare `ssr` attribute from an
 * <astro-island> once its component has hydrated, so wait for that before interacting.
 */
export async function waitForHydration(page: Page, ...components: string[]): Promise<void> {
  for (const component of components) {
    const island = page.locator(`astro-island[component-url*="/${component}."]`);
    await expect(island).toHaveCount(1);
    await expect(island).not.toHaveAttribute('ssr');
  }
}

/**
 * The page chrome (src/scripts/page-chrome.ts: header sign-in buttons and user menu, toasts and
 * modals on demand) marks <html data-chrome-ready> once the header answers clicks.
 */
export async function waitForChrome(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-chrome-ready', '');
}

/** The page's vertical scroll offset. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}

/** The login dialog (spec §2 modals). */
export const loginDialog = (page: Page) => page.getByRole('dialog', { name: '登录' });
/** The login dialog's visible panel (the other tabs' panels are hidden). */
export const loginPanel = (page: Page) => loginDialog(page).getByRole('tabpanel');

/** Fills the 账号登录 panel of an open login dialog, ticks the agreement and submits. */
export async function passwordLogin(page: Page, username: string, password: string): Promise<void> {
  const panel = loginPanel(page);
  await panel.getByLabel('手机号/用户名').fill(username);
  await panel.getByLabel('密码', { exact: true }).fill(password);
  const agreement = panel.getByLabel(/我已阅读并同意/);
  if (!(await agreement.isChecked())) await agreement.check();
  await panel.getByRole('button', { name: '登录', exact: true }).click();
}

/** Signs in from the header of the current page with a username and password. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await waitForChrome(page);
  await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
  await loginDialog(page).getByRole('tab', { name: '账号登录' }).click();
  await passwordLogin(page, username, password);
  await expect(page.getByText('登录成功！')).toBeVisible();
  await expect(loginDialog(page)).toBeHidden();
}
