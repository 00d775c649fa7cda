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

/** The page's vertical scroll offset. */
export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY);
}
