import type { APIContext } from 'astro';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { pageViews } from '~/platform/db/schema';
import type { Envelope } from '~/platform/http/http';
import { countPageViews } from '~/features/analytics/server/analytics';
import { POST as postActivity } from '~/pages/api/v1/collector/activity';
import { GET as getHealth } from '~/pages/api/v1/health';
import { ALL as unknownApi } from '~/pages/api/v1/[...rest]';
import { suiteContext } from './route-context';


const URL_ACTIVITY = 'http://localhost/api/v1/collector/activity';
const SESSION = 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  suiteContext.db = db;
});

afterAll(async () => {
  suiteContext.db = null;
  await database?.close();
});

beforeEach(async () => {
  suiteContext.db = db;
  await db.delete(pageViews);
});

function contextFor(request: Request): APIContext {
  return { request, url: new URL(request.url), params: {}, locals: suiteContext.locals() } as unknown as APIContext;
}

async function post(body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Envelope }> {
  const request = new Request(URL_ACTIVITY, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': CHROME, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const response = await postActivity(contextFor(request));
  return { status: response.status, body: (await response.json()) as Envelope };
}

/** A page view of the rental hall, as the router reports it after a navigation (spec §2). */
const zuhaoPageView = {
  kind: 'pageview',
  name: 'zuhao',
  title: '租号大厅',
  path: '/zuhao/12.html',
  sessionId: SESSION,
  prevPage: '/',
  sem: 'baidu',
  time: 1_732_000_000,
};

/** A click on a game card, as the click tracker reports it (spec §3 click tracking record). */
const gameCardClick = {
  kind: 'click',
  name: 'home',
  title: '首页',
  path: '/',
  sessionId: SESSION,
  action: 'game_card',
  value: { gameId: 12, gameName: '三角洲行动' },
  isJump: true,
  time: 4,
};

describe('POST /api/v1/collector/activity', () => {
  it('stores one page view with its fields, the agent from the header and no user yet', async () => {
    const { status, body } = await post(zuhaoPageView);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const { id } = body.data as { id: number };
    expect(typeof id).toBe('number');

    const rows = await db.select().from(pageViews);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      kind: 'pageview',
      name: 'zuhao',
      title: '租号大厅',
      path: '/zuhao/12.html',
      sessionId: SESSION,
      prevPage: '/',
      sem: 'baidu',
      action: null,
      value: null,
      agent: CHROME,
      userId: null,
    });
    expect(rows[0]!.createdAt).toBeInstanceOf(Date);
  });

  it('stores a click with its action and value', async () => {
    const { status } = await post(gameCardClick);
    expect(status).toBe(200);
    const [row] = await db.select().from(pageViews);
    expect(row).toMatchObject({ kind: 'click', action: 'game_card', value: { gameId: 12, gameName: '三角洲行动', isJump: true, time: 4 } });
  });

  it('accepts a text/plain body, as navigator.sendBeacon sends a string', async () => {
    const { status } = await post(zuhaoPageView, { 'content-type': 'text/plain;charset=UTF-8' });
    expect(status).toBe(200);
    expect(await countPageViews(db)).toBe(1);
  });

  it('ignores a userId and agent in the body: the server decides who sent it', async () => {
    await post({ ...zuhaoPageView, userId: 99, agent: 'forged' });
    const [row] = await db.select().from(pageViews);
    expect(row).toMatchObject({ userId: null, agent: CHROME });
  });

  it('keeps at most 256 characters of the User-Agent', async () => {
    await post(zuhaoPageView, { 'user-agent': 'x'.repeat(300) });
    const [row] = await db.select().from(pageViews);
    expect(row!.agent).toBe('x'.repeat(256));
  });

  it('stores a record without a session with a null session id', async () => {
    const { sessionId: _omit, ...withoutSession } = zuhaoPageView;
    expect((await post(withoutSession)).status).toBe(200);
    const [row] = await db.select().from(pageViews);
    expect(row!.sessionId).toBeNull();
    expect(row).toMatchObject({ name: 'zuhao' });
  });

  it('stores a batch of 3 pending records in one call, ids in order', async () => {
    const batch = [
      zuhaoPageView,
      gameCardClick,
      { kind: 'activity', path: '/detail/7.html', sessionId: SESSION, prevPage: null, sem: null },
    ];
    const { status, body } = await post(batch);
    expect(status).toBe(200);
    const { ids } = body.data as { ids: number[] };
    expect(ids).toHaveLength(3);

    const rows = await db.select().from(pageViews).orderBy(asc(pageViews.id));
    expect(rows.map((r) => r.id)).toEqual(ids);
    expect(rows.map((r) => r.path)).toEqual(['/zuhao/12.html', '/', '/detail/7.html']);
    expect(rows[2]).toMatchObject({ kind: 'activity', name: null, title: null, prevPage: null, sem: null });
    expect(await countPageViews(db, { sessionId: SESSION })).toBe(3);
    expect(await countPageViews(db, { path: '/' })).toBe(1);
  });

  it('refuses an invalid sessionId with 400 naming the field, and writes nothing', async () => {
    const { status, body } = await post({ ...zuhaoPageView, sessionId: 'short-id' });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 1, msg: '参数 sessionId 无效：应为 32 位字母或数字', data: { field: 'sessionId' } });
    expect(await countPageViews(db)).toBe(0);
  });

  it('writes nothing from a batch with one bad record', async () => {
    const { status, body } = await post([zuhaoPageView, { ...gameCardClick, path: 'no-slash' }, zuhaoPageView]);
    expect(status).toBe(400);
    expect(body.msg).toBe('参数 [1].path 无效：应以 "/" 开头');
    expect(await countPageViews(db)).toBe(0);
  });

  it('refuses a batch of more than 20 and an empty batch', async () => {
    const tooMany = await post(Array.from({ length: 21 }, () => zuhaoPageView));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.msg).toBe('请求参数无效：应最多包含 20 项');
    expect((await post([])).status).toBe(400);
    expect(await countPageViews(db)).toBe(0);
  });

  it('refuses a value over 2 KB serialised, an unknown kind and a missing path', async () => {
    const big = await post({ ...gameCardClick, value: { blob: 'x'.repeat(2100) } });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('参数 value 无效：序列化后应不超过 2048 字节');
    const kind = await post({ ...zuhaoPageView, kind: 'scroll' });
    expect(kind.body.msg).toBe('参数 kind 无效：应为 "pageview"、"click"、"activity" 之一');
    const { path: _omit, ...withoutPath } = zuhaoPageView;
    expect((await post(withoutPath)).body.msg).toBe('缺少参数 path');
    expect(await countPageViews(db)).toBe(0);
  });

  it('refuses a form-encoded body with 415 and malformed JSON with 400', async () => {
    const form = await post('kind=pageview', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const malformed = await post('{"kind":');
    expect(malformed).toMatchObject({ status: 400, body: { code: 1, msg: '请求体不是有效的 JSON', data: null } });
  });
});

describe('GET /api/v1/health', () => {
  const request = (): APIContext => contextFor(new Request('http://localhost/api/v1/health'));

  it('answers 200 with status ok when the database answers', async () => {
    const response = await getHealth(request());
    expect(response.status).toBe(200);
    const body = (await response.json()) as Envelope<{ status: string; database: boolean; version: string }>;
    expect(body).toMatchObject({ code: 0, data: { status: 'ok', database: true } });
    expect(body.data.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('answers 503 数据库不可用 with the same data shape when it does not', async () => {
    // The middleware could not open a database: nothing on locals.
    suiteContext.db = null;
    const response = await getHealth(request());
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 1, msg: '数据库不可用', data: { status: 'degraded', database: false } });
  });
});

describe('unknown API paths', () => {
  it.each(['GET', 'POST', 'DELETE'])('%s answers a JSON 404 envelope', async (method) => {
    const request = new Request('http://localhost/api/v1/no/such/thing', { method });
    const response = await unknownApi({ ...contextFor(request), params: { rest: 'no/such/thing' } } as APIContext);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ code: 1, msg: '接口不存在', data: null });
  });
});
