/** Fixtures for the api-*.test.ts files: a scripted fetch, envelopes and an in-memory Storage. */
import { vi, type Mock } from 'vitest';

export type FetchMock = Mock<typeof fetch>;

export interface SentRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

export function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

export function envelope<T>(data: T, code = 0, msg = 'ok'): { code: number; msg: string; data: T } {
  return { code, msg, data };
}

export const okResponse = (data: unknown): Response => jsonResponse(envelope(data));

/** A fetch that never answers until its signal aborts, then rejects with the abort reason. */
export function hangUntilAborted(_input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  return new Promise((_resolve, reject) => {
    const signal = init?.signal;
    if (!signal) return;
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener('abort', () => reject(signal.reason), { once: true });
  });
}

/** Installs a mocked global fetch; ofetch calls globalThis.fetch at request time. */
export function stubFetch(): FetchMock {
  const mock: FetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', mock);
  return mock;
}

export function sentRequest(mock: FetchMock, index = -1): SentRequest {
  const calls = mock.mock.calls;
  const call = calls.at(index);
  if (!call) throw new Error(`fetch was called ${calls.length} times`);
  const [input, init] = call;
  return {
    url: typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
    method: init?.method ?? 'GET',
    headers: new Headers(init?.headers),
    body: init?.body,
  };
}

export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

/** A token that expires in an hour (spec §3: expires_time is in seconds). */
export function freshToken(token: string): { token: string; expires_time: number } {
  return { token, expires_time: Math.floor(Date.now() / 1000) + 3600 };
}

export const renter = { id: 7, username: 'renter' };
