import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_ID_STORAGE_KEY, createSessionId, getSessionId } from '~/platform/client/session-id';
import { memoryStorage } from './api-helpers';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('session id in sessionStorage onlyuser (spec §3, §9)', () => {
  it('is 32 random hex characters drawn from crypto.getRandomValues', () => {
    const random = vi.spyOn(globalThis.crypto, 'getRandomValues');
    const id = createSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(random).toHaveBeenCalledTimes(1);
    expect(createSessionId()).not.toBe(id);
  });

  it('is created once under the key onlyuser and reused afterwards', () => {
    const storage = memoryStorage();
    vi.stubGlobal('sessionStorage', storage);
    const id = getSessionId();
    expect(SESSION_ID_STORAGE_KEY).toBe('onlyuser');
    expect(storage.getItem('onlyuser')).toBe(id);
    expect(getSessionId()).toBe(id);
  });

  it('keeps a well-formed 32-character id already stored', () => {
    const storage = memoryStorage();
    storage.setItem('onlyuser', 'AbCdEfGhIjKlMnOpQrStUvWxYz012345');
    vi.stubGlobal('sessionStorage', storage);
    expect(getSessionId()).toBe('AbCdEfGhIjKlMnOpQrStUvWxYz012345');
  });

  it('replaces a malformed stored value rather than sending it as a header', () => {
    const storage = memoryStorage();
    storage.setItem('onlyuser', 'short\nvalue');
    vi.stubGlobal('sessionStorage', storage);
    const id = getSessionId();
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(storage.getItem('onlyuser')).toBe(id);
  });

  it('is null on the server, where there is no sessionStorage', () => {
    expect(typeof sessionStorage).toBe('undefined');
    expect(getSessionId()).toBeNull();
  });

  it('is null when storage refuses access', () => {
    const refusing = memoryStorage();
    refusing.getItem = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', refusing);
    expect(getSessionId()).toBeNull();
  });
});
