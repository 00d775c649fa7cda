/**
 * The HTTP edge (spec §7: every response is the envelope { code, msg, data }): health, unknown
 * endpoints, malformed and oversized bodies. Error bodies carry a Chinese msg and never a stack.
 */
import { expect, test } from '@playwright/test';
import { CODE_FAIL, CODE_SUCCESS, MAX_JSON_BODY_BYTES } from '../../src/platform/config/constants';

const COLLECTOR = '/api/v1/collector/activity';
const CHINESE = /[\u4e00-\u9fff]/;
const STACK_TRACE = /\n\s+at |\bat [\w$.<>]+ \(|SyntaxError|"stack"/;

test('GET /api/v1/health answers 200 with the database up', async ({ request }) => {
  const response = await request.get('/api/v1/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ code: CODE_SUCCESS, data: { database: true } });
});

test('an unknown /api/v1 path answers a 404 envelope 接口不存在', async ({ request }) => {
  const response = await request.get('/api/v1/nope');
  expect(response.status()).toBe(404);
  expect(response.headers()['content-type']).toContain('application/json');
  expect(await response.json()).toEqual({ code: CODE_FAIL, msg: '接口不存在', data: null });
});

test('malformed JSON to the collector answers 400 with a Chinese msg and no stack trace', async ({ request }) => {
  const response = await request.post(COLLECTOR, {
    headers: { 'content-type': 'application/json' },
    data: '{"kind":"pageview","path":',
  });
  expect(response.status()).toBe(400);
  const text = await response.text();
  const body = JSON.parse(text) as { code: number; msg: string; data: unknown };
  expect(body.code).toBe(CODE_FAIL);
  expect(body.msg).toMatch(CHINESE);
  expect(text).not.toMatch(STACK_TRACE);
});

test('a 2 MB body to the collector answers 413', async ({ request }) => {
  const size = 2 * 1024 * 1024;
  expect(size).toBeGreaterThan(MAX_JSON_BODY_BYTES);
  const response = await request.post(COLLECTOR, {
    headers: { 'content-type': 'application/json' },
    data: JSON.stringify({ kind: 'pageview', path: '/', title: 'x'.repeat(size) }),
  });
  expect(response.status()).toBe(413);
  const body = (await response.json()) as { code: number; msg: string };
  expect(body.code).toBe(CODE_FAIL);
  expect(body.msg).toMatch(CHINESE);
});
