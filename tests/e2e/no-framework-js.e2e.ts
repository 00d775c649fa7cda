/**
 * Issue 12: home, the rental hall and the content pages load no framework JavaScript (React,
 * ReactDOM, Astro's React renderer or an island chunk that imports them) for a signed-out visitor
 * until the visitor reaches for something that needs it (登录 opens the dialog); the header,
 * toasts and modals are page chrome (src/layouts/scripts/page-chrome.ts), not islands. Pages with idle
 * islands (/download) fetch none before the browser's first idle period.
 *
 * Which chunks are "framework" was read from dist/client/_astro after a build: the React renderer
 * is client.<hash>.js, React itself react.<hash>.js, react-dom.<hash>.js and jsx-runtime.<hash>.js,
 * and every island chunk imports one of them statically. Other /_astro scripts (the module Astro
 * hoists from a layout <script>, the preload helper) are allowed.
 *
 * Why the first idle period and not the load event: Astro's client:idle calls requestIdleCallback
 * as soon as the island is parsed, and Chromium often runs idle callbacks before `load` (even before
 * DOMContentLoaded while a module script downloads), so a "nothing before load" rule fails at random
 * on pages that do exactly what is asked.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { routeByName } from '../../src/platform/config/routes';
import { samplePath } from './support';

const FRAMEWORK_CHUNK = /^(client|react|react-dom|jsx-runtime)\.[\w-]+\.js$/;
const ASSET_DIR = path.resolve(import.meta.dirname, '../../dist/client/_astro');

/** File names under /_astro that are framework code or import it statically. */
function frameworkChunks(): Set<string> {
  expect(existsSync(ASSET_DIR), `${ASSET_DIR} exists (the web server builds it)`).toBe(true);
  const scripts = readdirSync(ASSET_DIR).filter((name) => name.endsWith('.js'));
  const framework = scripts.filter((name) => FRAMEWORK_CHUNK.test(name));
  const importsFramework = (source: string): boolean =>
    framework.some((chunk) => source.includes(`from"./${chunk}"`) || source.includes(`import"./${chunk}"`));
  return new Set(
    scripts.filter((name) => framework.includes(name) || importsFramework(readFileSync(path.join(ASSET_DIR, name), 'utf8'))),
  );
}

const assetName = (url: string): string | null => {
  const { pathname } = new URL(url);
  return pathname.startsWith('/_astro/') ? pathname.slice('/_astro/'.length) : null;
};

declare global {
  interface Window {
    __firstIdleAt?: Promise<number>;
  }
}

test.beforeEach(async ({ page }) => {
  // Registered before any page script, so it is the first callback of the first idle period.
  await page.addInitScript(() => {
    window.__firstIdleAt = new Promise((resolve) => requestIdleCallback(() => resolve(performance.now())));
  });
});

/** Pages a signed-out visitor reads without React (issue 12); /download's cards hydrate on idle. */
const NO_FRAMEWORK_PAGES = ['home', 'zuhao', 'help', 'ContactUs', '404'];
const IDLE_PAGES = ['download'];

for (const name of [...NO_FRAMEWORK_PAGES, ...IDLE_PAGES]) {
  const pagePath = samplePath(routeByName(name));

  test(`${name} (${pagePath}): the HTML references no framework chunk and no island hydrates at load`, async ({ request }) => {
    const framework = frameworkChunks();
    const response = await request.get(pagePath);
    const html = await response.text();

    const referenced = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)]
      .map((match) => assetName(new URL(match[1]!, response.url()).href))
      .filter((asset): asset is string => asset !== null && framework.has(asset));
    expect(referenced, 'framework chunks in <script src> or <link href>').toEqual([]);

    const islands = [...html.matchAll(/<astro-island\b[^>]*>/g)].map((match) => ({
      component: /component-url="([^"]+)"/.exec(match[0])?.[1],
      client: /\bclient="([^"]+)"/.exec(match[0])?.[1],
    }));
    expect(islands.filter((island) => island.client === 'load'), 'islands hydrating at load').toEqual([]);
  });
}

for (const name of NO_FRAMEWORK_PAGES) {
  const pagePath = samplePath(routeByName(name));

  test(`${name} (${pagePath}) fetches no framework JavaScript for a signed-out visitor who has not reached for anything`, async ({ page }) => {
    const framework = frameworkChunks();
    await page.goto(pagePath, { waitUntil: 'load' });
    await expect(page.locator('html')).toHaveAttribute('data-chrome-ready', '');
    await page.evaluate(() => window.__firstIdleAt);
    await page.waitForLoadState('networkidle');

    const fetched = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    const frameworkFetched = fetched.map(assetName).filter((asset): asset is string => asset !== null && framework.has(asset));
    expect(frameworkFetched, 'framework chunks fetched').toEqual([]);

    // Reaching for 登录 brings the dialog's code, and the dialog opens.
    await page.getByRole('banner').getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('dialog', { name: '登录' })).toBeVisible();
  });
}

for (const name of IDLE_PAGES) {
  const pagePath = samplePath(routeByName(name));

  test(`${name} (${pagePath}) fetches no framework JavaScript before the browser is idle`, async ({ page }) => {
    const framework = frameworkChunks();
    await page.goto(pagePath, { waitUntil: 'load' });
    // Resource entries appear when a fetch completes; once every idle island has hydrated, every
    // chunk they needed has completed, so the list below is whole (the header's search history
    // waits for a signed-in visitor: client:signedin).
    await expect(page.locator('astro-island[ssr]:not([client="signedin"])')).toHaveCount(0);

    const { firstIdleAt, scripts } = await page.evaluate(async () => ({
      firstIdleAt: await window.__firstIdleAt!,
      scripts: performance.getEntriesByType('resource').map((entry) => ({ url: entry.name, startedAt: entry.startTime })),
    }));
    const early = scripts
      .filter((script) => script.startedAt < firstIdleAt)
      .map((script) => assetName(script.url))
      .filter((asset): asset is string => asset !== null && framework.has(asset));
    expect(early, `framework chunks requested before the first idle period (${Math.round(firstIdleAt)} ms)`).toEqual([]);
  });
}
