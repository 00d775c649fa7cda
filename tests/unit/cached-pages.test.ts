import type { APIContext, MiddlewareNext } from 'astro';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '~/platform/rules/brand';
import type { Db } from '~/platform/db/client';
import { servePageCache } from '~/platform/edge/cached-pages';

/** A database whose only row is catalog_version, as getCatalogVersion reads it. */
function versionDb(row: { version: number }): Db {
  const db = { select: () => ({ from: () => ({ where: async () => [{ version: row.version }] }) }) };
  return db as unknown as Db;
}

let probe = 0;
/** A hall URL no other test has cached (the cache is one per process). */
const freshPath = (): string => `/zuhao.html?cached_pages_probe=${++probe}`;

function contextFor(path: string, db: Db, headers: Record<string, string> = {}): APIContext {
  const url = new URL(path, 'http://localhost');
  return { request: new Request(url, { headers }), url, locals: { db, brand: BRANDS.default } } as unknown as APIContext;
}

const CSP = "default-src 'self'";

/** Astro's renderer as the middleware sees it: counts renders, answers HTML with the page's CSP. */
function renderer(html = '<p>租号大厅</p>', init: ResponseInit = { headers: { 'content-type': 'text/html', 'content-security-policy': CSP } }) {
  const calls = { renders: 0 };
  const next: MiddlewareNext = async () => {
    calls.renders += 1;
    await new Promise((resolve) => setTimeout(resolve, 5));
    return new Response(html, init);
  };
  return { calls, next };
}

describe('page cache middleware', () => {
  it('a miss carries the ETag and CSP of the page it stored; the next request is a hit with the same ETag', async () => {
    const db = versionDb({ version: 1 });
    const path = freshPath();
    const { calls, next } = renderer();
    const miss = (await servePageCache(contextFor(path, db), next)) as Response;
    expect(miss.headers.get('x-page-cache')).toBe('miss');
    expect(miss.headers.get('etag')).toMatch(/^W\/".+"$/);
    expect(miss.headers.get('content-security-policy')).toBe(CSP);
    const hit = (await servePageCache(contextFor(path, db), next)) as Response;
    expect(hit.headers.get('x-page-cache')).toBe('hit');
    expect(hit.headers.get('etag')).toBe(miss.headers.get('etag'));
    expect(await hit.text()).toBe('<p>租号大厅</p>');
    expect(calls.renders).toBe(1);
  });

  it('a miss whose If-None-Match names the page just rendered answers 304', async () => {
    const db = versionDb({ version: 1 });
    const first = (await servePageCache(contextFor(freshPath(), db), renderer().next)) as Response;
    const again = (await servePageCache(contextFor(freshPath(), db, { 'if-none-match': first.headers.get('etag')! }), renderer().next)) as Response;
    expect(again.headers.get('x-page-cache')).toBe('miss');
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('requests missing the same page together wait for one render', async () => {
    const db = versionDb({ version: 1 });
    const path = freshPath();
    const { calls, next } = renderer();
    const answers = (await Promise.all(Array.from({ length: 5 }, () => servePageCache(contextFor(path, db), next)))) as Response[];
    expect(calls.renders).toBe(1);
    expect(answers.map((answer) => answer.headers.get('x-page-cache')).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'miss']);
    for (const answer of answers) expect(await answer.text()).toBe('<p>租号大厅</p>');
  });

  it('a page rendered under an older version is not handed to a request that read a newer one', async () => {
    const row = { version: 1 };
    const db = versionDb(row);
    const path = freshPath();
    const before = renderer('<p>可租</p>');
    await servePageCache(contextFor(path, db), before.next);
    row.version = 2; // a listing was rented
    const after = renderer('<p>出租中</p>');
    const answer = (await servePageCache(contextFor(path, db), after.next)) as Response;
    expect(answer.headers.get('x-page-cache')).toBe('miss');
    expect(await answer.text()).toBe('<p>出租中</p>');
  });

  it('an answer that is not a 200 HTML page is not kept, and requests waiting on it render for themselves', async () => {
    const db = versionDb({ version: 1 });
    const path = freshPath();
    const { calls, next } = renderer('{"code":1}', { status: 404, headers: { 'content-type': 'application/json' } });
    const answers = (await Promise.all([servePageCache(contextFor(path, db), next), servePageCache(contextFor(path, db), next)])) as Response[];
    expect(answers.map((answer) => answer.status)).toEqual([404, 404]);
    expect(answers.every((answer) => answer.headers.get('x-page-cache') === null)).toBe(true);
    expect(calls.renders).toBe(2);
  });
});
