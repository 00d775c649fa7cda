/**
 * The red-envelope store (spec §4 "logging in also loads the available red envelopes", §7 "GET my
 * red packets | params status=1, canUse='1', page=1, page_size=100; data.list", §8 toast
 * 获取红包列表失败): what it sends, what it keeps and when it forgets.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshToken, jsonResponse, okResponse, renter, sentRequest, stubFetch, type FetchMock } from './api-helpers';
import type { RedPacket } from '~/features/wallet/red-packets-store';

// Fresh modules per test: the client and the stores keep module state.
let store: typeof import('~/features/wallet/red-packets-store');
let auth: typeof import('~/platform/stores/auth');
let session: typeof import('~/features/sign-in/session');
let ui: typeof import('~/platform/stores/ui');
let fetchMock: FetchMock;

const TOKEN = freshToken('tok');

const packet = (id: number): RedPacket => ({
  id,
  name: '新人红包·满10减3',
  status: 1 as const,
  received_at: '2026-03-01T00:00:00.000Z',
  expires_at: '2026-03-31T00:00:00.000Z',
  couponsInfo: { id, type: 2, min_order_amount: '10.00', discount_percentage: null, max_discount_amount: null, discount_amount: '3.00' },
});
const page = (ids: number[]) => ({ list: ids.map(packet), total: ids.length, page: 1, page_size: 100 });

beforeEach(async () => {
  vi.resetModules();
  fetchMock = stubFetch();
  store = await import('~/features/wallet/red-packets-store');
  auth = await import('~/platform/stores/auth');
  session = await import('~/features/sign-in/session');
  ui = await import('~/platform/stores/ui');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('loadRedPackets (spec §7 GET my red packets)', () => {
  it('sends exactly status=1&canUse=1&page=1&page_size=100 with the token and stores data.list', async () => {
    auth.setLogin(TOKEN, renter);
    fetchMock.mockResolvedValueOnce(okResponse(page([1, 2])));
    expect(store.$redPackets.get()).toBeNull();

    await expect(store.loadRedPackets()).resolves.toEqual(page([1, 2]).list);

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const sent = sentRequest(fetchMock, 0);
    expect(sent.method).toBe('GET');
    const url = new URL(sent.url, 'http://localhost');
    expect(url.pathname).toBe('/api/v1/account/redPackets');
    expect([...url.searchParams.entries()]).toEqual([
      ['status', '1'],
      ['canUse', '1'],
      ['page', '1'],
      ['page_size', '100'],
    ]);
    expect(sent.headers.get('Authorization')).toBe('Bearer tok');
    expect(store.$redPackets.get()).toEqual(page([1, 2]).list);
  });

  it('shows 获取红包列表失败 on failure and keeps the store null', async () => {
    auth.setLogin(TOKEN, renter);
    fetchMock.mockResolvedValueOnce(jsonResponse({ code: 1, msg: '服务器繁忙', data: null }, 500));
    await expect(store.loadRedPackets()).resolves.toBeNull();
    expect(store.$redPackets.get()).toBeNull();
    expect(ui.$toasts.get().map((toast) => toast.text)).toEqual(['获取红包列表失败']);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(store.loadRedPackets()).resolves.toBeNull();
    expect(store.$redPackets.get()).toBeNull();
    expect(ui.$toasts.get().at(-1)?.text).toBe('获取红包列表失败');
  });

  it('asks nothing when nobody is signed in', async () => {
    await expect(store.loadRedPackets()).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('two loads at once share one request', async () => {
    auth.setLogin(TOKEN, renter);
    fetchMock.mockResolvedValueOnce(okResponse(page([1])));
    const [a, b] = await Promise.all([store.loadRedPackets(), store.loadRedPackets()]);
    expect(a).toEqual(b);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the list follows the session', () => {
  it("clears when $auth's token goes away (logout) and when another session starts", async () => {
    auth.setLogin(TOKEN, renter);
    fetchMock.mockResolvedValueOnce(okResponse(page([1])));
    await store.loadRedPackets();
    expect(store.$redPackets.get()).toHaveLength(1);

    auth.setUser({ ...renter, nickname: '改名' });
    expect(store.$redPackets.get()).toHaveLength(1);

    auth.logout();
    expect(store.$redPackets.get()).toBeNull();

    auth.setLogin(TOKEN, renter);
    fetchMock.mockResolvedValueOnce(okResponse(page([1])));
    await store.loadRedPackets();
    auth.setLogin(freshToken('someone-else'), { id: 8, username: 'other' });
    expect(store.$redPackets.get()).toBeNull();
  });

  it('an answer arriving after sign-out is dropped', async () => {
    auth.setLogin(TOKEN, renter);
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const loading = store.loadRedPackets();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    auth.logout();
    answer(okResponse(page([1])));
    await expect(loading).resolves.toBeNull();
    expect(store.$redPackets.get()).toBeNull();
  });

  it('completeLogin loads the usable envelopes (spec §4) and opens the popup for a new user with newUser', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(okResponse(page([1, 2, 3])));
    session.completeLogin({ token: TOKEN, is_new_user: true, user: renter });
    await vi.waitFor(() => expect(store.$redPackets.get()).toHaveLength(3));
    expect(new URL(sentRequest(fetchMock, 0).url, 'http://localhost').search).toBe('?status=1&canUse=1&page=1&page_size=100');

    vi.advanceTimersByTime(800);
    expect(ui.$modal.get()).toEqual({ name: 'redPacket', props: { newUser: true } });
  });
});

describe('what the popup shows for one envelope (RedPacketModal)', () => {
  it('reads couponsInfo back into 满X可用 / 无门槛, ¥3 or 9折 with 最高减¥5, and the Shanghai expiry date', async () => {
    const { redPacketView } = await import('~/features/wallet/ui/RedPacketModal');
    expect(redPacketView(packet(1))).toEqual({
      id: 1,
      name: '新人红包·满10减3',
      threshold: '满10可用',
      discount: '¥3',
      cap: null,
      validUntil: '有效期至 2026-03-31',
    });
    const percentage = {
      ...packet(2),
      name: '新人红包·9折券',
      // 16:00 UTC is already the next day in Shanghai.
      expires_at: '2026-03-31T16:00:00.000Z',
      couponsInfo: { id: 2, type: 1, min_order_amount: '0.00', discount_percentage: 90, max_discount_amount: '5.00', discount_amount: null },
    };
    expect(redPacketView(percentage)).toMatchObject({ threshold: '无门槛', discount: '9折', cap: '最高减¥5', validUntil: '有效期至 2026-04-01' });
  });
});
