// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Issue 11 item 8: signing in or out in one tab reaches every other open tab through the
// `storage` event, instead of leaving the other tabs signed in until their next 401. The other
// tab is played by writing localStorage directly and dispatching the event the browser would.

type AuthModule = typeof import('~/platform/stores/auth');

const KEY = 'auth';
const FAR_FUTURE_S = Math.floor(Date.now() / 1000) + 3600;
const RENTER = { id: 7, username: 'renter' };

/** A fresh store module, as a newly opened tab would load it. */
async function openTab(): Promise<AuthModule> {
  vi.resetModules();
  return import('~/platform/stores/auth');
}

/** What the browser does in this tab when another tab writes `key` (null = removed). */
function otherTabWrites(key: string | null, newValue: string | null): void {
  const oldValue = key === null ? null : localStorage.getItem(key);
  if (key === null) localStorage.clear();
  else if (newValue === null) localStorage.removeItem(key);
  else localStorage.setItem(key, newValue);
  window.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue, storageArea: localStorage }));
}

let unbind: (() => void) | undefined;

/** Islands subscribe through useStore; the storage listener lives only while someone listens. */
function mount(auth: AuthModule): void {
  unbind = auth.$auth.listen(() => undefined);
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  unbind?.();
  unbind = undefined;
});

describe('auth store across tabs', () => {
  it('reads a session saved in localStorage.auth by the earlier store (same key and shape)', async () => {
    const saved = { token: { token: 'old-tok', expires_time: FAR_FUTURE_S }, user: RENTER };
    localStorage.setItem(KEY, JSON.stringify(saved));
    const auth = await openTab();
    expect(auth.$auth.get()).toEqual(saved);
    expect(auth.currentToken()).toBe('old-tok');
  });

  it('a damaged localStorage.auth reads as signed out', async () => {
    localStorage.setItem(KEY, '{not json');
    const auth = await openTab();
    expect(auth.$auth.get()).toEqual({ token: null, user: null });
  });

  it('signing in writes localStorage.auth and signing out removes it', async () => {
    const auth = await openTab();
    auth.setLogin({ token: 'tok', expires_time: FAR_FUTURE_S }, RENTER);
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({
      token: { token: 'tok', expires_time: FAR_FUTURE_S },
      user: RENTER,
    });
    auth.logout();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(auth.$auth.get()).toEqual({ token: null, user: null });
  });

  it('signing out in another tab signs this tab out at once', async () => {
    const auth = await openTab();
    auth.setLogin({ token: 'tok', expires_time: FAR_FUTURE_S }, RENTER);
    mount(auth);
    expect(auth.$isLoggedIn.get()).toBe(true);

    otherTabWrites(KEY, null);

    expect(auth.$auth.get()).toEqual({ token: null, user: null });
    expect(auth.$isLoggedIn.get()).toBe(false);
    expect(auth.currentToken()).toBeNull();
  });

  it('signing in in another tab signs this tab in at once', async () => {
    const auth = await openTab();
    mount(auth);
    expect(auth.$isLoggedIn.get()).toBe(false);

    const session = { token: { token: 'tab2-tok', expires_time: FAR_FUTURE_S }, user: RENTER };
    otherTabWrites(KEY, JSON.stringify(session));

    expect(auth.$auth.get()).toEqual(session);
    expect(auth.$isLoggedIn.get()).toBe(true);
    expect(auth.currentToken()).toBe('tab2-tok');
  });

  it('clearing site storage in another tab signs this tab out', async () => {
    const auth = await openTab();
    auth.setLogin({ token: 'tok', expires_time: FAR_FUTURE_S }, RENTER);
    mount(auth);

    otherTabWrites(null, null);

    expect(auth.$isLoggedIn.get()).toBe(false);
  });

  it('a change to another key leaves the session alone', async () => {
    const auth = await openTab();
    auth.setLogin({ token: 'tok', expires_time: FAR_FUTURE_S }, RENTER);
    mount(auth);

    otherTabWrites('inviteCode', 'ABC');

    expect(auth.currentToken()).toBe('tok');
  });
});
