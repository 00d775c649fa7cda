import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshToken, jsonResponse, envelope, okResponse, renter, sentRequest, stubFetch, type FetchMock } from './api-helpers';

// Fresh modules per test: the client and the stores keep module state.
let userCatalog: typeof import('~/features/catalog/client');
let auth: typeof import('~/platform/stores/auth');
let ui: typeof import('~/platform/stores/ui');
let fetchMock: FetchMock;

beforeEach(async () => {
  vi.resetModules();
  fetchMock = stubFetch();
  userCatalog = await import('~/features/catalog/client');
  auth = await import('~/platform/stores/auth');
  ui = await import('~/platform/stores/ui');
  auth.setLogin(freshToken('tok'), renter);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const bodyOf = (index = -1): unknown => JSON.parse(String(sentRequest(fetchMock, index).body));

describe('search history (docs/user-catalog-api.md)', () => {
  it('reads the list with the Bearer token', async () => {
    fetchMock.mockResolvedValueOnce(okResponse({ list: [{ keyword: '李白', searched_at: '2026-01-01T00:00:00Z' }] }));
    await expect(userCatalog.getSearchHistory()).resolves.toEqual([{ keyword: '李白', searched_at: '2026-01-01T00:00:00Z' }]);
    const sent = sentRequest(fetchMock);
    expect(sent.url).toBe('/api/v1/home/searchHistory');
    expect(sent.method).toBe('GET');
    expect(sent.headers.get('authorization')).toBe('Bearer tok');
  });

  it('records, deletes one and clears with POSTs', async () => {
    fetchMock.mockImplementation(async () => okResponse(null));
    await userCatalog.recordSearch('李白');
    expect(sentRequest(fetchMock).url).toBe('/api/v1/home/searchHistory');
    expect(bodyOf()).toEqual({ keyword: '李白' });
    await userCatalog.deleteSearchKeyword('李白');
    expect(sentRequest(fetchMock).url).toBe('/api/v1/home/searchHistory/delete');
    expect(bodyOf()).toEqual({ keyword: '李白' });
    await userCatalog.clearSearchHistory();
    expect(sentRequest(fetchMock).url).toBe('/api/v1/home/searchHistory/clear');
    // The route reads no body, so none is sent.
    expect(sentRequest(fetchMock).body).toBeUndefined();
  });
});

describe('search templates', () => {
  it('adds a template with its name and path', async () => {
    const created = { id: 3, name: '无押金', path: '/zuhao.html?no_deposit=1', created_at: '2026-01-01T00:00:00Z' };
    fetchMock.mockResolvedValueOnce(okResponse(created));
    await expect(userCatalog.addSearchTemplate('无押金', '/zuhao.html?no_deposit=1')).resolves.toEqual(created);
    expect(sentRequest(fetchMock).url).toBe('/api/v1/zuhao/searchTemplates');
    expect(bodyOf()).toEqual({ name: '无押金', path: '/zuhao.html?no_deposit=1' });
  });

  it('a name already used rejects with the server message (409 模板名称已存在)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(envelope(null, 1, '模板名称已存在'), 409));
    await expect(userCatalog.addSearchTemplate('无押金', '/zuhao.html')).rejects.toMatchObject({ httpStatus: 409, msg: '模板名称已存在' });
    expect(ui.$toasts.get().at(-1)?.text).toBe('模板名称已存在');
  });

  it('lists and deletes by id', async () => {
    fetchMock.mockResolvedValueOnce(okResponse({ list: [] })).mockResolvedValueOnce(okResponse(null));
    await expect(userCatalog.listSearchTemplates()).resolves.toEqual([]);
    expect(sentRequest(fetchMock).url).toBe('/api/v1/zuhao/searchTemplates');
    await userCatalog.deleteSearchTemplate(3);
    expect(sentRequest(fetchMock).url).toBe('/api/v1/zuhao/searchTemplates/delete');
    expect(bodyOf()).toEqual({ id: 3 });
  });
});

describe('likes and collections', () => {
  it('reads the state of a listing by account_id', async () => {
    const state = { is_collection: true, is_liked: false, like_count: 2, collection_count: 9 };
    fetchMock.mockResolvedValueOnce(okResponse(state));
    await expect(userCatalog.getAccountState(42)).resolves.toEqual(state);
    expect(sentRequest(fetchMock).url).toBe('/api/v1/detail/accountState?account_id=42');
  });

  it('likes with scene 1 and unlikes with scene 2 (spec §7)', async () => {
    fetchMock.mockImplementation(async () => okResponse({ is_liked: true, like_count: 1 }));
    await userCatalog.setLiked(42, true);
    expect(sentRequest(fetchMock).url).toBe('/api/v1/detail/like');
    expect(bodyOf()).toEqual({ source_id: 42, type: 1, scene: 1 });
    await userCatalog.setLiked(42, false);
    expect(bodyOf()).toEqual({ source_id: 42, type: 1, scene: 2 });
  });

  it('collects and uncollects on their own paths', async () => {
    fetchMock.mockImplementation(async () => okResponse({ is_collection: true, collection_count: 1 }));
    await userCatalog.setCollected(42, true);
    expect(sentRequest(fetchMock).url).toBe('/api/v1/account/collect');
    expect(bodyOf()).toEqual({ account_id: 42 });
    await userCatalog.setCollected(42, false);
    expect(sentRequest(fetchMock).url).toBe('/api/v1/account/uncollect');
    expect(bodyOf()).toEqual({ account_id: 42 });
  });

  it('pages the collections', async () => {
    fetchMock.mockResolvedValueOnce(okResponse({ list: [], total: 0, page: 2, page_size: 12 }));
    await expect(userCatalog.listCollections(2, 12)).resolves.toEqual({ list: [], total: 0, page: 2, page_size: 12 });
    const url = new URL(sentRequest(fetchMock).url, 'http://x');
    expect(url.pathname).toBe('/api/v1/account/collections');
    expect(url.searchParams.get('page')).toBe('2');
    expect(url.searchParams.get('page_size')).toBe('12');
  });
});
