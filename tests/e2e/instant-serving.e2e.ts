/**
 * Issue 12 "instant": what the production entry answers before Astro. A page-cache hit comes
 * straight from the entry with its ETag, its Content-Security-Policy and 304 on If-None-Match;
 * hashed assets come from memory in the precompressed copy the client accepts; no request path
 * reaches a file outside dist/client.
 *
 * The traversal probes go through node:http so the path is sent exactly as written (a URL parser,
 * Playwright's included, would fold `..` away before sending).
 */
import http from 'node:http';
import { expect, test, type APIRequestContext } from '@playwright/test';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A GET with exactly this path on the wire; the status and body as text. */
function rawGet(baseURL: string, rawPath: string): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request({ hostname, port, path: rawPath, method: 'GET', agent: false, timeout: 10_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`GET ${rawPath}: no answer`)));
    request.on('error', reject);
    request.end();
  });
}

/** A hashed script of the hall page large enough to have been precompressed (over 1 KB). */
async function hashedScript(request: APIRequestContext): Promise<string> {
  const html = await (await request.get('/zuhao.html')).text();
  const scripts = [...new Set(html.match(/\/_astro\/[\w.-]+\.js/g) ?? [])];
  for (const script of scripts) {
    const plain = await request.head(script, { headers: { 'accept-encoding': 'identity' } });
    if (Number(plain.headers()['content-length']) > 1024) return script;
  }
  throw new Error(`no hashed script over 1 KB on /zuhao.html (found ${scripts.join(', ')})`);
}

test.describe('page-cache hits answered by the server entry', () => {
  test('a second GET of /zuhao.html is a hit with an ETag and the page CSP, and If-None-Match gives 304', async ({ request }) => {
    await request.get('/zuhao.html');
    // A listing rented by another test between two GETs raises the catalogue version: ask again.
    await expect.poll(async () => (await request.get('/zuhao.html')).headers()['x-page-cache']).toBe('hit');
    const hit = await request.get('/zuhao.html', { headers: { 'accept-encoding': 'br' } });
    const headers = hit.headers();
    expect(headers['x-page-cache']).toBe('hit');
    expect(headers['etag']).toMatch(/^W\/".+"$/);
    expect(headers['content-security-policy']).toContain('script-src');
    expect(headers['content-encoding']).toBe('br');
    expect(headers['vary']).toContain('Accept-Encoding');
    expect(headers['x-frame-options']).toBe('DENY');
    expect(await hit.text()).toContain('租号大厅');

    const again = await request.get('/zuhao.html', { headers: { 'if-none-match': headers['etag']! } });
    expect(again.status()).toBe(304);
    expect(again.headers()['etag']).toBe(headers['etag']);
    expect(await again.body()).toHaveLength(0);
  });

  test('HEAD of a cached page answers its headers without a body', async ({ request }) => {
    await expect.poll(async () => (await request.get('/zuhao.html', { headers: { 'accept-encoding': 'gzip' } })).headers()['x-page-cache']).toBe('hit');
    const head = await request.head('/zuhao.html', { headers: { 'accept-encoding': 'gzip' } });
    expect(head.status()).toBe(200);
    expect(head.headers()['content-encoding']).toBe('gzip');
    expect(Number(head.headers()['content-length'])).toBeGreaterThan(0);
    expect(await head.body()).toHaveLength(0);
  });

  test('a page rendered on a miss already carries the ETag its hits will carry', async ({ request }) => {
    const path = `/zuhao.html?instant_probe=${test.info().workerIndex}-${Date.now()}`;
    const miss = await request.get(path);
    expect(miss.headers()['x-page-cache']).toBe('miss');
    expect(miss.headers()['etag']).toMatch(/^W\/".+"$/);
    const hit = await request.get(path);
    if (hit.headers()['x-page-cache'] === 'hit') expect(hit.headers()['etag']).toBe(miss.headers()['etag']);
  });
});

test.describe('hashed assets served precompressed from memory', () => {
  test('the copy follows Accept-Encoding: br, else gzip, else identity; immutable; 304 on the ETag', async ({ request }) => {
    const script = await hashedScript(request);

    const br = await request.get(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.status()).toBe(200);
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers()['cache-control']).toBe(IMMUTABLE);
    expect(br.headers()['content-type']).toContain('javascript');
    expect(br.headers()['vary']).toContain('Accept-Encoding');
    const etag = br.headers()['etag'];
    expect(etag).toBeTruthy();

    const gzip = await request.get(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers()['content-encoding']).toBe('gzip');
    const plain = await request.get(script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(Number(plain.headers()['content-length'])).toBe((await plain.body()).byteLength);
    // Every copy decodes to the same script.
    expect(await gzip.text()).toBe(await plain.text());
    expect(await br.text()).toBe(await plain.text());

    const revalidated = await request.get(script, { headers: { 'accept-encoding': 'br', 'if-none-match': etag! } });
    expect(revalidated.status()).toBe(304);
    expect(revalidated.headers()['cache-control']).toBe(IMMUTABLE);
    expect(await revalidated.body()).toHaveLength(0);
  });

  for (const probe of ['/_astro/../package.json', '/%2e%2e/package.json', '/_astro/%2e%2e/%2e%2e/package.json', '/_astro/..%2f..%2fpackage.json']) {
    test(`${probe} leaks no file from outside the build`, async ({ baseURL }) => {
      const answer = await rawGet(baseURL!, probe);
      expect(answer.status).not.toBe(200);
      expect(answer.text).not.toContain('"devDependencies"');
      expect(answer.text).not.toContain('zuhao-market');
    });
  }
});
