/**
 * Per-user catalogue state (docs/user-catalog-api.md; spec §7 home "search history", zuhao
 * "search templates", detail "like", account "collections") through the endpoints, on the demo
 * seed, on an in-memory PGlite and, when DATABASE_URL_TEST is set, on a fresh PostgreSQL.
 *
 * Every test signs in a user of its own (freshUser), so no test sees another's rows.
 */
import type { APIRoute } from 'astro';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCard, Page } from '~/features/catalog/types';
import { CODE_ACCOUNT_DELETED, SEARCH_HISTORY_LIMIT, SEARCH_TEMPLATES_MAX } from '~/features/catalog/constants';
import { type Db, type TestDatabase } from '~/platform/db/client';
import { openTestDatabase } from '~/app/seed/test-database';
import { collections, games, listingLikes, listings, searchHistory, shops, users } from '~/platform/db/schema';
import { MSG_ACCOUNT_DELETED } from '~/features/catalog/server/catalog';
import { listCollections, setCollected, type AccountState, type CollectionState, type LikeState } from '~/features/catalog/server/listing-interactions';
import type { SearchHistoryList } from '~/features/catalog/server/search-history';
import { MSG_INVALID_TEMPLATE_PATH, MSG_TEMPLATE_NAME_TAKEN, MSG_TEMPLATE_NOT_FOUND, MSG_TOO_MANY_TEMPLATES, type SearchTemplate, type SearchTemplateList } from '~/features/catalog/server/search-templates';
import { issueToken } from '~/features/sign-in/server/tokens';
import { GET as getSearchHistory, POST as postSearchHistory, ALL as searchHistoryOther } from '~/pages/api/v1/home/searchHistory';
import { POST as postSearchHistoryDelete } from '~/pages/api/v1/home/searchHistory/delete';
import { POST as postSearchHistoryClear } from '~/pages/api/v1/home/searchHistory/clear';
import { GET as getTemplates, POST as postTemplate } from '~/pages/api/v1/zuhao/searchTemplates';
import { POST as postTemplateDelete } from '~/pages/api/v1/zuhao/searchTemplates/delete';
import { GET as getAccountState, ALL as accountStateOther } from '~/pages/api/v1/detail/accountState';
import { POST as postLike } from '~/pages/api/v1/detail/like';
import { POST as postCollect } from '~/pages/api/v1/account/collect';
import { POST as postUncollect } from '~/pages/api/v1/account/uncollect';
import { GET as getCollections } from '~/pages/api/v1/account/collections';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk, expectUnauthorized, type CallOptions, type CallResult } from './endpoint-call';
import { suiteContext } from './route-context';


/** POST unless told otherwise, always declaring a JSON body. */
const call = <T = unknown>(route: APIRoute, path: string, options: CallOptions = {}): Promise<CallResult<T>> =>
  callRoute<T>(route, path, { ...options, method: options.method ?? 'POST', headers: { 'content-type': 'application/json' } });

/** An id no listing has (and none will: the seed is far smaller). */
const MISSING_LISTING_ID = 987_654;

describe.each(TEST_DRIVERS)('per-user catalogue state on $label', ({ driver, skip }) => {
  let testDb: TestDatabase;
  let db: Db;
  /** Listed seed listings, lowest id first. */
  let listed: number[];
  let unlisted: number;
  let serial = 0;

  /** A new signed-in user: its id and `Bearer <token>`. */
  async function freshUser(): Promise<{ id: number; auth: string }> {
    serial += 1;
    const [user] = await db
      .insert(users)
      .values({ username: `catalog_state_${serial}`, nickname: `收藏测试${serial}` })
      .returning({ id: users.id });
    const { token } = await issueToken(db, user!.id, { now: new Date() });
    return { id: user!.id, auth: `Bearer ${token}` };
  }

  /** A listing made for the test and then deleted, so its id once existed. */
  async function deletedListingId(): Promise<number> {
    const [shop] = await db.select({ id: shops.id }).from(shops).limit(1);
    const [game] = await db.select({ id: games.id }).from(games).limit(1);
    const [row] = await db
      .insert(listings)
      .values({ shopId: shop!.id, gameId: game!.id, title: '即将删除的账号', roleName: '测试', rentalFen: 500 })
      .returning({ id: listings.id });
    await db.delete(listings).where(eq(listings.id, row!.id));
    return row!.id;
  }

  beforeAll(async () => {
    if (skip) return;
    testDb = await openTestDatabase({ driver, seed: true });
    db = testDb.db;
    suiteContext.db = db;
    const rows = await db.select({ id: listings.id, isListed: listings.isListed }).from(listings).orderBy(asc(listings.id));
    listed = rows.filter((row) => row.isListed).map((row) => row.id);
    unlisted = rows.find((row) => !row.isListed)!.id;
    expect(listed.length).toBeGreaterThanOrEqual(25);
  }, 120_000);

  afterAll(async () => {
    suiteContext.db = null;
    await testDb?.close();
  });

  describe('every call needs the Bearer token', () => {
    it.skipIf(skip).each([
      ['GET home/searchHistory', getSearchHistory, '/api/v1/home/searchHistory', 'GET', undefined],
      ['POST home/searchHistory', postSearchHistory, '/api/v1/home/searchHistory', 'POST', { keyword: '王者' }],
      ['POST home/searchHistory/delete', postSearchHistoryDelete, '/api/v1/home/searchHistory/delete', 'POST', { keyword: '王者' }],
      ['POST home/searchHistory/clear', postSearchHistoryClear, '/api/v1/home/searchHistory/clear', 'POST', {}],
      ['GET zuhao/searchTemplates', getTemplates, '/api/v1/zuhao/searchTemplates', 'GET', undefined],
      ['POST zuhao/searchTemplates', postTemplate, '/api/v1/zuhao/searchTemplates', 'POST', { name: '低价', path: '/zuhao.html' }],
      ['POST zuhao/searchTemplates/delete', postTemplateDelete, '/api/v1/zuhao/searchTemplates/delete', 'POST', { id: 1 }],
      ['GET detail/accountState', getAccountState, '/api/v1/detail/accountState?account_id=1', 'GET', undefined],
      ['POST detail/like', postLike, '/api/v1/detail/like', 'POST', { source_id: 1, type: 1, scene: 1 }],
      ['POST account/collect', postCollect, '/api/v1/account/collect', 'POST', { account_id: 1 }],
      ['POST account/uncollect', postUncollect, '/api/v1/account/uncollect', 'POST', { account_id: 1 }],
      ['GET account/collections', getCollections, '/api/v1/account/collections', 'GET', undefined],
    ] as const)('%s without a token → 401', async (_label, route, path, method, body) => {
      expectUnauthorized(await call(route, path, { method, body }));
      expectUnauthorized(await call(route, path, { method, body, authorization: 'Bearer not-a-token' }));
    });

    it.skipIf(skip)('a method an endpoint does not implement gets a 405 envelope with Allow', async () => {
      const history = await call(searchHistoryOther, '/api/v1/home/searchHistory', { method: 'DELETE' });
      expect(history.status).toBe(405);
      expect(history.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
      const state = await call(accountStateOther, '/api/v1/detail/accountState', { method: 'POST' });
      expect(state.status).toBe(405);
      expect(state.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    });
  });

  describe('search history', () => {
    const history = async (auth: string): Promise<string[]> =>
      expectOk(await call<SearchHistoryList>(getSearchHistory, '/api/v1/home/searchHistory', { method: 'GET', authorization: auth })).list.map(
        (entry) => entry.keyword,
      );
    const search = (auth: string, keyword: unknown): Promise<CallResult<null>> =>
      call<null>(postSearchHistory, '/api/v1/home/searchHistory', { body: { keyword }, authorization: auth });

    it.skipIf(skip)('lists keywords newest first, trimmed, with searched_at as ISO time', async () => {
      const { auth } = await freshUser();
      expect(await history(auth)).toEqual([]);
      expect(expectOk(await search(auth, '  王者荣耀  '))).toBeNull();
      expectOk(await search(auth, '三角洲'));
      const data = expectOk(await call<SearchHistoryList>(getSearchHistory, '/api/v1/home/searchHistory', { method: 'GET', authorization: auth }));
      expect(data.list.map((entry) => entry.keyword)).toEqual(['三角洲', '王者荣耀']);
      for (const entry of data.list) expect(entry.searched_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    });

    it.skipIf(skip)('searching a keyword again moves it to the top without a second row', async () => {
      const { id, auth } = await freshUser();
      for (const keyword of ['a', 'b', 'c']) expectOk(await search(auth, keyword));
      expectOk(await search(auth, 'a'));
      expect(await history(auth)).toEqual(['a', 'c', 'b']);
      expect(await db.select().from(searchHistory).where(eq(searchHistory.userId, id))).toHaveLength(3);
    });

    it.skipIf(skip)(`keeps only the newest ${SEARCH_HISTORY_LIMIT} keywords per user`, async () => {
      const { id, auth } = await freshUser();
      const keywords = Array.from({ length: 12 }, (_, i) => `关键词${i + 1}`);
      for (const keyword of keywords) expectOk(await search(auth, keyword));
      expect(SEARCH_HISTORY_LIMIT).toBe(10);
      expect(await history(auth)).toEqual(keywords.slice(2).reverse());
      expect(await db.select().from(searchHistory).where(eq(searchHistory.userId, id))).toHaveLength(10);
      // Re-searching the oldest kept keyword moves it up; the next new one drops the then-oldest.
      expectOk(await search(auth, '关键词3'));
      expectOk(await search(auth, '新的'));
      const after = await history(auth);
      expect(after).toHaveLength(10);
      expect(after.slice(0, 2)).toEqual(['新的', '关键词3']);
      expect(after).not.toContain('关键词4');
    });

    it.skipIf(skip).each([
      ['an empty keyword', '', /^参数 keyword 无效/],
      ['a blank keyword', '   ', /^参数 keyword 无效/],
      ['a 51-character keyword', 'x'.repeat(51), '参数 keyword 无效：长度应不超过 50 个字符'],
      ['a number', 42, '参数 keyword 无效：应为字符串'],
      ['no keyword', undefined, '缺少参数 keyword'],
    ] as const)('refuses %s with 400', async (_label, keyword, msg) => {
      const { auth } = await freshUser();
      expectError(await search(auth, keyword), 400, msg);
      expect(await history(auth)).toEqual([]);
    });

    it.skipIf(skip)('accepts a 50-character keyword', async () => {
      const { auth } = await freshUser();
      expectOk(await search(auth, 'x'.repeat(50)));
      expect(await history(auth)).toEqual(['x'.repeat(50)]);
    });

    it.skipIf(skip)('delete removes one keyword; deleting an absent one is not an error', async () => {
      const { auth } = await freshUser();
      for (const keyword of ['a', 'b']) expectOk(await search(auth, keyword));
      const del = (keyword: string) => call<null>(postSearchHistoryDelete, '/api/v1/home/searchHistory/delete', { body: { keyword }, authorization: auth });
      expect(expectOk(await del(' a '))).toBeNull();
      expect(await history(auth)).toEqual(['b']);
      expectOk(await del('never searched'));
      expect(await history(auth)).toEqual(['b']);
      expectError(await del(''), 400, /^参数 keyword 无效/);
    });

    it.skipIf(skip)("clear empties the caller's history and no one else's", async () => {
      const a = await freshUser();
      const b = await freshUser();
      expectOk(await search(a.auth, 'mine'));
      expectOk(await search(b.auth, 'theirs'));
      expect(await history(a.auth)).toEqual(['mine']);
      expect(await history(b.auth)).toEqual(['theirs']);
      expect(expectOk(await call(postSearchHistoryClear, '/api/v1/home/searchHistory/clear', { body: {}, authorization: a.auth }))).toBeNull();
      expect(await history(a.auth)).toEqual([]);
      expect(await history(b.auth)).toEqual(['theirs']);
      // Deleting a keyword of b's as a leaves b's alone.
      expectOk(await call(postSearchHistoryDelete, '/api/v1/home/searchHistory/delete', { body: { keyword: 'theirs' }, authorization: a.auth }));
      expect(await history(b.auth)).toEqual(['theirs']);
    });
  });

  describe('search templates', () => {
    const list = async (auth: string): Promise<SearchTemplate[]> =>
      expectOk(await call<SearchTemplateList>(getTemplates, '/api/v1/zuhao/searchTemplates', { method: 'GET', authorization: auth })).list;
    const add = (auth: string, body: unknown): Promise<CallResult<SearchTemplate>> =>
      call<SearchTemplate>(postTemplate, '/api/v1/zuhao/searchTemplates', { body, authorization: auth });
    const remove = (auth: string, id: unknown): Promise<CallResult<null>> =>
      call<null>(postTemplateDelete, '/api/v1/zuhao/searchTemplates/delete', { body: { id }, authorization: auth });

    it.skipIf(skip)('add answers the created template and the list shows it newest first', async () => {
      const { auth } = await freshUser();
      const first = expectOk(await add(auth, { name: ' 低价王者 ', path: '/zuhao/1.html?sort=price_asc&price_max=5' }));
      expect(first).toEqual({
        id: expect.any(Number),
        name: '低价王者',
        path: '/zuhao/1.html?sort=price_asc&price_max=5',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      const second = expectOk(await add(auth, { name: '全部', path: '/zuhao.html' }));
      expect(await list(auth)).toEqual([second, first]);
    });

    it.skipIf(skip).each([
      '/zuhao.html',
      '/zuhao/3.html',
      '/zuhao/123456789.html?keyword=%E7%8E%8B&no_deposit=1',
      `/zuhao.html?${'a'.repeat(488)}`,
    ])('accepts the hall path #%#', async (path) => {
      const { auth } = await freshUser();
      expect(expectOk(await add(auth, { name: '模板', path })).path).toBe(path);
    });

    it.skipIf(skip).each([
      ['a detail page', '/detail/1.html'],
      ['another site', 'https://evil.example/zuhao.html'],
      ['a protocol-relative URL', '//evil.example/zuhao.html'],
      ['a javascript: URL', 'javascript:alert(1)//zuhao.html'],
      ['a fragment', '/zuhao.html#top'],
      ['a non-numeric game', '/zuhao/abc.html'],
      ['a ten-digit game id', '/zuhao/1234567890.html'],
      ['a path with a trailing segment', '/zuhao.html/x'],
      ['a control character', '/zuhao.html?a=1\n2'],
      ['an empty path', ''],
      ['501 characters', `/zuhao.html?${'a'.repeat(489)}`],
    ])('refuses %s with 400 无效的筛选条件', async (_label, path) => {
      const { auth } = await freshUser();
      expectError(await add(auth, { name: '模板', path }), 400, MSG_INVALID_TEMPLATE_PATH);
      expect(await list(auth)).toEqual([]);
    });

    it.skipIf(skip).each([
      ['a 21-character name', '名'.repeat(21), '参数 name 无效：长度应不超过 20 个字符'],
      ['an empty name', '', /^参数 name 无效/],
      ['a blank name', '   ', /^参数 name 无效/],
      ['no name', undefined, '缺少参数 name'],
    ] as const)('refuses %s with 400', async (_label, name, msg) => {
      const { auth } = await freshUser();
      expectError(await add(auth, { name, path: '/zuhao.html' }), 400, msg);
    });

    it.skipIf(skip)('a name already used by the same user → 409 模板名称已存在; another user may use it', async () => {
      const a = await freshUser();
      const b = await freshUser();
      expectOk(await add(a.auth, { name: '常用', path: '/zuhao.html' }));
      expectError(await add(a.auth, { name: ' 常用 ', path: '/zuhao/2.html' }), 409, MSG_TEMPLATE_NAME_TAKEN);
      expect(await list(a.auth)).toHaveLength(1);
      expectOk(await add(b.auth, { name: '常用', path: '/zuhao.html' }));
    });

    it.skipIf(skip)(`the ${SEARCH_TEMPLATES_MAX + 1}th template → 400 最多保存20个搜索模板`, async () => {
      const { auth } = await freshUser();
      expect(MSG_TOO_MANY_TEMPLATES).toBe('最多保存20个搜索模板');
      for (let i = 1; i <= SEARCH_TEMPLATES_MAX; i += 1) expectOk(await add(auth, { name: `模板${i}`, path: `/zuhao/${i}.html` }));
      expectError(await add(auth, { name: '模板21', path: '/zuhao.html' }), 400, MSG_TOO_MANY_TEMPLATES);
      const templates = await list(auth);
      expect(templates).toHaveLength(SEARCH_TEMPLATES_MAX);
      // Deleting one makes room again.
      expectOk(await remove(auth, templates[0]!.id));
      expectOk(await add(auth, { name: '模板21', path: '/zuhao.html' }));
    });

    it.skipIf(skip)('adds racing past the limit or on one name never overshoot (per-user lock, unique index)', async () => {
      const { auth } = await freshUser();
      const results = await Promise.all(
        Array.from({ length: SEARCH_TEMPLATES_MAX + 5 }, (_, i) => add(auth, { name: `并发${i}`, path: '/zuhao.html' })),
      );
      expect(results.filter((result) => result.status === 200)).toHaveLength(SEARCH_TEMPLATES_MAX);
      for (const refused of results.filter((result) => result.status !== 200)) expectError(refused, 400, MSG_TOO_MANY_TEMPLATES);
      expect(await list(auth)).toHaveLength(SEARCH_TEMPLATES_MAX);

      const other = await freshUser();
      const sameName = await Promise.all(Array.from({ length: 4 }, () => add(other.auth, { name: '同名', path: '/zuhao.html' })));
      expect(sameName.filter((result) => result.status === 200)).toHaveLength(1);
      for (const refused of sameName.filter((result) => result.status !== 200)) expectError(refused, 409, MSG_TEMPLATE_NAME_TAKEN);
    });

    it.skipIf(skip)('delete removes the caller’s template; another user’s or an unknown id → 404 模板不存在', async () => {
      const a = await freshUser();
      const b = await freshUser();
      const mine = expectOk(await add(a.auth, { name: '我的', path: '/zuhao.html' }));
      const theirs = expectOk(await add(b.auth, { name: '他的', path: '/zuhao.html' }));
      expectError(await remove(a.auth, theirs.id), 404, MSG_TEMPLATE_NOT_FOUND);
      expect(await list(b.auth)).toEqual([theirs]);
      expectError(await remove(a.auth, 2_000_000_000), 404, MSG_TEMPLATE_NOT_FOUND);
      // Past PostgreSQL's integer an id is bad input, refused before the database (contract bodyIdSchema).
      expect((await remove(a.auth, Number.MAX_SAFE_INTEGER)).status).toBe(400);
      expect(expectOk(await remove(a.auth, mine.id))).toBeNull();
      expect(await list(a.auth)).toEqual([]);
      expectError(await remove(a.auth, mine.id), 404, MSG_TEMPLATE_NOT_FOUND);
      expectError(await remove(a.auth, 'x'), 400, '参数 id 无效：应为数字');
      expectError(await remove(a.auth, 0), 400, /^参数 id 无效/);
    });

    it.skipIf(skip)("each user lists only their own templates", async () => {
      const a = await freshUser();
      const b = await freshUser();
      const mine = expectOk(await add(a.auth, { name: '甲', path: '/zuhao.html' }));
      expect(await list(a.auth)).toEqual([mine]);
      expect(await list(b.auth)).toEqual([]);
    });
  });

  describe('likes and collections', () => {
    const state = async (auth: string, id: number | string): Promise<CallResult<AccountState>> =>
      call<AccountState>(getAccountState, `/api/v1/detail/accountState?account_id=${id}`, { method: 'GET', authorization: auth });
    const like = (auth: string, body: unknown): Promise<CallResult<LikeState>> => call<LikeState>(postLike, '/api/v1/detail/like', { body, authorization: auth });
    const collect = (auth: string, id: unknown): Promise<CallResult<CollectionState>> =>
      call<CollectionState>(postCollect, '/api/v1/account/collect', { body: { account_id: id }, authorization: auth });
    const uncollect = (auth: string, id: unknown): Promise<CallResult<CollectionState>> =>
      call<CollectionState>(postUncollect, '/api/v1/account/uncollect', { body: { account_id: id }, authorization: auth });
    const collectionsPage = async (auth: string, query = ''): Promise<Page<ListingCard>> =>
      expectOk(await call<Page<ListingCard>>(getCollections, `/api/v1/account/collections${query}`, { method: 'GET', authorization: auth }));

    it.skipIf(skip)('accountState starts with nothing liked or collected', async () => {
      const { auth } = await freshUser();
      const listingId = listed[0]!;
      const before = expectOk(await state(auth, listingId));
      expect(before).toEqual({ is_collection: false, is_liked: false, like_count: expect.any(Number), collection_count: expect.any(Number) });
    });

    it.skipIf(skip)('liking twice keeps one like; unliking removes it; both idempotent', async () => {
      const a = await freshUser();
      const b = await freshUser();
      const listingId = listed[1]!;
      const base = expectOk(await state(a.auth, listingId)).like_count;

      expect(expectOk(await like(a.auth, { source_id: listingId, type: 1, scene: 1 }))).toEqual({ is_liked: true, like_count: base + 1 });
      expect(expectOk(await like(a.auth, { source_id: listingId, type: 1, scene: 1 }))).toEqual({ is_liked: true, like_count: base + 1 });
      expect(await db.select().from(listingLikes).where(and(eq(listingLikes.userId, a.id), eq(listingLikes.listingId, listingId)))).toHaveLength(1);

      // b sees a's like in the count, not as their own.
      expect(expectOk(await state(b.auth, listingId))).toMatchObject({ is_liked: false, like_count: base + 1 });
      expect(expectOk(await like(b.auth, { source_id: listingId, type: 1, scene: 1 }))).toEqual({ is_liked: true, like_count: base + 2 });

      expect(expectOk(await like(a.auth, { source_id: listingId, type: 1, scene: 2 }))).toEqual({ is_liked: false, like_count: base + 1 });
      expect(expectOk(await like(a.auth, { source_id: listingId, type: 1, scene: 2 }))).toEqual({ is_liked: false, like_count: base + 1 });
      expect(expectOk(await state(a.auth, listingId))).toMatchObject({ is_liked: false, like_count: base + 1 });
      expect(expectOk(await state(b.auth, listingId))).toMatchObject({ is_liked: true, like_count: base + 1 });
    });

    it.skipIf(skip)('a listing liked by no one before has like_count 1 after one like', async () => {
      const { auth } = await freshUser();
      const listingId = listed[listed.length - 1]!;
      await db.delete(listingLikes).where(eq(listingLikes.listingId, listingId));
      expectOk(await like(auth, { source_id: listingId, type: 1, scene: 1 }));
      expect(expectOk(await like(auth, { source_id: listingId, type: 1, scene: 1 }))).toEqual({ is_liked: true, like_count: 1 });
    });

    it.skipIf(skip).each([
      ['scene 3', { source_id: 1, type: 1, scene: 3 }, '参数 scene 无效：应为 1、2 之一'],
      ['type 2', { source_id: 1, type: 2, scene: 1 }, '参数 type 无效：应为 1'],
      ['no scene', { source_id: 1, type: 1 }, '缺少参数 scene'],
      ['source_id 0', { source_id: 0, type: 1, scene: 1 }, /^参数 source_id 无效/],
      ['a fractional source_id', { source_id: 1.5, type: 1, scene: 1 }, /^参数 source_id 无效/],
      ['a string source_id', { source_id: '1', type: 1, scene: 1 }, /^参数 source_id 无效/],
    ] as const)('like refuses %s with 400', async (_label, body, msg) => {
      const { auth } = await freshUser();
      expectError(await like(auth, body), 400, msg);
    });

    it.skipIf(skip)('collect and uncollect are idempotent and answer the count after the change', async () => {
      const a = await freshUser();
      const b = await freshUser();
      const listingId = listed[2]!;
      const base = expectOk(await state(a.auth, listingId)).collection_count;

      expect(expectOk(await collect(a.auth, listingId))).toEqual({ is_collection: true, collection_count: base + 1 });
      expect(expectOk(await collect(a.auth, listingId))).toEqual({ is_collection: true, collection_count: base + 1 });
      expect(expectOk(await state(a.auth, listingId))).toMatchObject({ is_collection: true, collection_count: base + 1 });
      expect(expectOk(await state(b.auth, listingId))).toMatchObject({ is_collection: false, collection_count: base + 1 });

      expect(expectOk(await uncollect(a.auth, listingId))).toEqual({ is_collection: false, collection_count: base });
      expect(expectOk(await uncollect(a.auth, listingId))).toEqual({ is_collection: false, collection_count: base });
      expect(expectOk(await state(a.auth, listingId))).toMatchObject({ is_collection: false });
    });

    it.skipIf(skip).each([
      ['no account_id', undefined, '缺少参数 account_id'],
      ['account_id 0', 0, /^参数 account_id 无效/],
      ['a string account_id', 'abc', /^参数 account_id 无效/],
    ] as const)('collect and uncollect refuse %s with 400', async (_label, id, msg) => {
      const { auth } = await freshUser();
      expectError(await collect(auth, id), 400, msg);
      expectError(await uncollect(auth, id), 400, msg);
    });

    it.skipIf(skip)('an unlisted listing can still be liked and collected', async () => {
      const { auth } = await freshUser();
      expectOk(await like(auth, { source_id: unlisted, type: 1, scene: 1 }));
      expectOk(await collect(auth, unlisted));
      expect(expectOk(await state(auth, unlisted))).toMatchObject({ is_liked: true, is_collection: true });
    });

    it.skipIf(skip)('a deleted listing answers 404 with code -400 账号已删除 everywhere', async () => {
      const { auth } = await freshUser();
      const gone = await deletedListingId();
      const deleted = (result: CallResult<unknown>) => expectError(result, 404, MSG_ACCOUNT_DELETED, CODE_ACCOUNT_DELETED);
      deleted(await state(auth, gone));
      deleted(await like(auth, { source_id: gone, type: 1, scene: 1 }));
      deleted(await like(auth, { source_id: gone, type: 1, scene: 2 }));
      deleted(await collect(auth, gone));
      deleted(await uncollect(auth, gone));
    });

    it.skipIf(skip)('a listing that never existed answers 404 (code -400, like detail/account)', async () => {
      const { auth } = await freshUser();
      for (const id of [MISSING_LISTING_ID, 2_147_483_647]) {
        const result = await state(auth, id);
        expect(result.status).toBe(404);
        expect(result.body.code).toBe(CODE_ACCOUNT_DELETED);
        expect(result.body.data).toBeNull();
      }
      // Past PostgreSQL's integer an id is bad input, refused before the database (contract bodyIdSchema).
      expect((await collect(auth, Number.MAX_SAFE_INTEGER)).status).toBe(400);
      expectError(await state(auth, 'abc'), 400, '参数 account_id 无效：应为整数');
      expectError(await call(getAccountState, '/api/v1/detail/accountState', { method: 'GET', authorization: auth }), 400, '缺少参数 account_id');
    });

    it.skipIf(skip)('collections list the hall cards, newest collected first, with paging', async () => {
      const { id, auth } = await freshUser();
      const ids = listed.slice(0, 5);
      // Distinct collect times, oldest first: ids[0] at t0 ... ids[4] at t0 + 4 s.
      const t0 = Date.parse('2026-03-01T08:00:00Z');
      for (const [i, listingId] of ids.entries()) await setCollected(db, id, listingId, true, new Date(t0 + i * 1000));
      const newestFirst = [...ids].reverse();

      const all = await collectionsPage(auth);
      expect(all).toMatchObject({ total: 5, page: 1, page_size: 20 });
      expect(all.list.map((card) => card.id)).toEqual(newestFirst);

      const card = all.list[0]!;
      const [row] = await db.select({ title: listings.title, rentalFen: listings.rentalFen }).from(listings).where(eq(listings.id, card.id));
      expect(card).toMatchObject({
        id: newestFirst[0],
        title: row!.title,
        rental: expect.stringMatching(/^\d+(\.\d{1,2})?$/),
        rental_fen: row!.rentalFen,
        game_name: expect.any(String),
        game_path: expect.stringMatching(/^\/zuhao\/\d+\.html$/),
        availability: expect.any(String),
        bookable_now: expect.any(Boolean),
      });

      const page1 = await collectionsPage(auth, '?page=1&page_size=2');
      const page2 = await collectionsPage(auth, '?page=2&page_size=2');
      const page3 = await collectionsPage(auth, '?page=3&page_size=2');
      const page4 = await collectionsPage(auth, '?page=4&page_size=2');
      expect(page1).toMatchObject({ total: 5, page: 1, page_size: 2 });
      expect([page1, page2, page3].flatMap((page) => page.list.map((c) => c.id))).toEqual(newestFirst);
      expect(page3.list).toHaveLength(1);
      expect(page4).toMatchObject({ list: [], total: 5, page: 4 });

      // Collecting again keeps the first time (idempotent), so the order does not change.
      expectOk(await collect(auth, ids[0]!));
      expect((await collectionsPage(auth)).list.map((c) => c.id)).toEqual(newestFirst);
      // Uncollecting drops it from the list.
      expectOk(await uncollect(auth, ids[4]!));
      expect((await collectionsPage(auth)).list.map((c) => c.id)).toEqual(newestFirst.slice(1));
    });

    it.skipIf(skip)('a collect through the endpoint goes to the top of the list', async () => {
      const { id, auth } = await freshUser();
      await setCollected(db, id, listed[3]!, true, new Date(Date.now() - 60_000));
      expectOk(await collect(auth, listed[4]!));
      expect((await collectionsPage(auth)).list.map((c) => c.id)).toEqual([listed[4], listed[3]]);
    });

    it.skipIf(skip)('an unlisted collected listing stays in the list, shown unavailable', async () => {
      const { auth } = await freshUser();
      expectOk(await collect(auth, unlisted));
      const page = await collectionsPage(auth);
      expect(page.list).toHaveLength(1);
      expect(page.list[0]).toMatchObject({ id: unlisted, availability: 'unavailable' });
    });

    it.skipIf(skip).each([
      ['page 0', '?page=0', /^参数 page 无效/],
      ['page_size 0', '?page_size=0', /^参数 page_size 无效/],
      ['page_size 51', '?page_size=51', '参数 page_size 无效：应不大于 50'],
      ['a non-numeric page', '?page=x', '参数 page 无效：应为整数'],
    ])('collections refuse %s with 400', async (_label, query, msg) => {
      const { auth } = await freshUser();
      expectError(await call(getCollections, `/api/v1/account/collections${query}`, { method: 'GET', authorization: auth }), 400, msg);
    });

    it.skipIf(skip)('collections accept page_size 50 and an empty page value as the default', async () => {
      const { auth } = await freshUser();
      expect(await collectionsPage(auth, '?page_size=50')).toMatchObject({ page_size: 50, total: 0, list: [] });
      expect(await collectionsPage(auth, '?page=&page_size=')).toMatchObject({ page: 1, page_size: 20 });
    });

    it.skipIf(skip)("two users' likes and collections stay apart", async () => {
      const a = await freshUser();
      const b = await freshUser();
      expectOk(await collect(a.auth, listed[5]!));
      expectOk(await like(a.auth, { source_id: listed[5]!, type: 1, scene: 1 }));
      expectOk(await collect(b.auth, listed[6]!));
      expect((await collectionsPage(a.auth)).list.map((c) => c.id)).toEqual([listed[5]]);
      expect((await collectionsPage(b.auth)).list.map((c) => c.id)).toEqual([listed[6]]);
      expect(expectOk(await state(b.auth, listed[5]!))).toMatchObject({ is_liked: false, is_collection: false });
      // b uncollecting a's listing changes nothing of a's.
      expectOk(await uncollect(b.auth, listed[5]!));
      expect((await collectionsPage(a.auth)).list.map((c) => c.id)).toEqual([listed[5]]);
      const direct = await listCollections(db, a.id, {}, new Date());
      expect(direct.total).toBe(1);
      expect(await db.select().from(collections).where(eq(collections.userId, b.id))).toHaveLength(1);
    });
  });
});
