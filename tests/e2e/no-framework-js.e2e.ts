/**
 * Content pages stay plain HTML until the browser is idle: islands hydrate with client:idle, so no
 * framework JavaScript (React, ReactDOM, Astro's React renderer or an island chunk that pulls them
 * in) may be fetched before the window's load event.
 *
 * Rule, read from dist/client/_astro after a build: the React renderer is client.<hash>.js, React
 * itself react.<hash>.js, react-dom.<hash>.js and jsx-runtime.<hash>.js; every island chunk imports
 * one of them. Any other /_astro script (an Astro-hoisted <script> module such as the click-tracker
 * loader) is allowed only if it does not pull those in before load, which this rule also catches.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { routeByName } from '../../src/lib/routes';
import { samplePath } from './support';

const FRAMEWORK_CHUNK = /^\/_astro\/(client|react|react-dom|jsx-runtime)\.[\w-]+\.js$/;
const ASSET_DIR = path.resolve(import.meta.dirname, '../../dist/client/_astro');

/** Built chunks that reference React (a static import of the chunks above, or React's own code). */
function chunksUsingReact(): Set<string> {
  if (!existsSync(ASSET_DIR)) return new Set();
  const names = readdirSync(ASSET_DIR).filter((name) => name.endsWith('.js'));
  const framework = names.filter((name) => FRAMEWORK_CHUNK.test(`/_astro/${name}`));
  return new Set(
    names.filter((name) => {
      if (framework.includes(name)) return true;
      const source = readFileSync(path.join(ASSET_DIR, name), 'utf8');
      // A static import (`from"./react.X.js"` or `import"./client.X.js"`) loads the framework with the chunk.
      return framework.some((chunk) => new RegExp(`(from|import)\\s*["']\\./${chunk.replace(/\./g, '\\.')}["']`).test(source));
    }),
  );
}

for (const name of ['help', 'ContactUs', 'download', '404']) {
  const pagePath = samplePath(routeByName(name));
  test(`${name} (${pagePath}) loads no framework JavaScript before the load event`, async ({ page }) => {
    const reactChunks = chunksUsingReact();
    const scriptsBeforeLoad: string[] = [];
    let loaded = false;
    page.on('request', (request) => {
      if (!loaded && request.resourceType() === 'script') scriptsBeforeLoad.push(new URL(request.url()).pathname);
    });
    page.on('load', () => {
      loaded = true;
    });

    await page.goto(pagePath, { waitUntil: 'load' });
    loaded = true;

    // Cross-check with the page's own clock: resources whose fetch started before loadEventStart.
    const fetchedBeforeLoad = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const loadStart = navigation?.loadEventStart || Number.POSITIVE_INFINITY;
      return performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime < loadStart)
        .map((entry) => new URL(entry.name).pathname)
        .filter((pathname) => pathname.endsWith('.js'));
    });

    const isFramework = (pathname: string): boolean =>
      FRAMEWORK_CHUNK.test(pathname) || reactChunks.has(pathname.replace(/^\/_astro\//, ''));
    const offenders = [...new Set([...scriptsBeforeLoad, ...fetchedBeforeLoad])].filter(isFramework);
    expect(offenders, `framework chunks fetched before load: ${offenders.join(', ')}`).toEqual([]);
  });
}
