// @vitest-environment happy-dom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { $auth, AUTH_STORAGE_KEY, logout } from '~/platform/stores/auth';
import { $modal, closeModal } from '~/platform/stores/ui';
import { installHeaderAuth, installSignInButtons } from '~/layouts/scripts/header-auth';

// Issue 12: the header's sign-in state and user menu work without React. The markup mirrors
// layouts/parts/HeaderAuth.astro's data attributes; the script under test is the one the page runs.

const HOUR_S = 3600;
const nowS = (): number => Math.floor(Date.now() / 1000);

let uninstall: (() => void) | null = null;

function mountHeader(): HTMLElement {
  document.body.innerHTML = `
    <div data-header-auth>
      <div data-auth-out>
        <button type="button" data-open-login="scan">登录</button>
        <button type="button" data-open-login="register">注册</button>
      </div>
      <div data-auth-in>
        <button type="button" aria-haspopup="menu" aria-expanded="false" data-user-menu-button>
          <span data-user-initial>我</span><span data-user-name>我的账号</span>
        </button>
        <ul id="user-menu" role="menu" hidden data-user-menu>
          ${['个人中心', '我的订单', '我的钱包'].map((label) => `<li role="none"><a role="menuitem" tabindex="-1" href="#">${label}</a></li>`).join('')}
          <li role="none"><button type="button" role="menuitem" tabindex="-1" data-sign-out>退出登录</button></li>
        </ul>
      </div>
    </div>`;
  const root = document.querySelector<HTMLElement>('[data-header-auth]')!;
  uninstall = installHeaderAuth(root);
  return root;
}

/** Signs out unless already out (happy-dom's storage refuses to delete a missing key). */
function resetSession(): void {
  if (localStorage.getItem(AUTH_STORAGE_KEY) !== null) logout();
}

const signedIn = (): boolean => document.documentElement.hasAttribute('data-signed-in');
const menu = (): HTMLUListElement => document.querySelector('[data-user-menu]')!;
const menuButton = (): HTMLButtonElement => document.querySelector('[data-user-menu-button]')!;
const items = (): HTMLElement[] => Array.from(menu().querySelectorAll<HTMLElement>('[role="menuitem"]'));
const key = (target: Element, name: string): void => {
  target.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true, cancelable: true }));
};

describe('header auth without a framework', () => {
  beforeEach(() => {
    resetSession();
    closeModal();
    document.documentElement.removeAttribute('data-signed-in');
  });
  afterEach(() => {
    resetSession();
    uninstall?.();
    uninstall = null;
  });

  it('follows the auth store: signed out shows 登录/注册, a valid session the user control with the name', () => {
    mountHeader();
    expect(signedIn()).toBe(false);
    $auth.set({ token: { token: 't', expires_time: nowS() + HOUR_S }, user: { id: 1, username: 'renter', nickname: ' 小明 ' } });
    expect(signedIn()).toBe(true);
    expect(document.querySelector('[data-user-name]')!.textContent).toBe('小明');
    expect(document.querySelector('[data-user-initial]')!.textContent).toBe('小');
    expect(menu().getAttribute('aria-label')).toBe('小明');
  });

  it('an expired token is signed out (spec §4: expires_time strictly ahead of now)', () => {
    mountHeader();
    $auth.set({ token: { token: 't', expires_time: nowS() - 1 }, user: { id: 1, username: 'renter' } });
    expect(signedIn()).toBe(false);
  });

  it('a name is text, never markup', () => {
    mountHeader();
    $auth.set({ token: { token: 't', expires_time: nowS() + HOUR_S }, user: { id: 1, username: '<img src=x onerror=alert(1)>' } });
    expect(document.querySelector('[data-user-name]')!.innerHTML).toBe('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('登录 and 注册 (and any data-open-login button) open the login modal in their mode', () => {
    mountHeader();
    const undo = installSignInButtons(document);
    onTestFinished(undo);
    document.querySelector<HTMLButtonElement>('[data-open-login="register"]')!.click();
    expect($modal.get()).toEqual({ name: 'login', props: { mode: 'register' } });
    document.querySelector<HTMLButtonElement>('[data-open-login="scan"]')!.click();
    expect($modal.get()).toEqual({ name: 'login', props: { mode: 'scan' } });
  });

  it('the menu button: arrows open on the first or last item, Escape closes and returns focus', () => {
    mountHeader();
    $auth.set({ token: { token: 't', expires_time: nowS() + HOUR_S }, user: { id: 1, username: 'renter' } });
    key(menuButton(), 'ArrowDown');
    expect(menu().hidden).toBe(false);
    expect(menuButton().getAttribute('aria-expanded')).toBe('true');
    expect(menuButton().getAttribute('aria-controls')).toBe('user-menu');
    expect(document.activeElement).toBe(items()[0]);
    key(document.activeElement!, 'ArrowUp');
    expect(document.activeElement).toBe(items().at(-1));
    key(document.activeElement!, 'Home');
    expect(document.activeElement).toBe(items()[0]);
    key(document.activeElement!, 'End');
    expect(document.activeElement).toBe(items().at(-1));
    key(document.activeElement!, 'ArrowDown'); // wraps
    expect(document.activeElement).toBe(items()[0]);
    key(document.activeElement!, 'Escape');
    expect(menu().hidden).toBe(true);
    expect(menuButton().hasAttribute('aria-controls')).toBe(false);
    expect(document.activeElement).toBe(menuButton());
    key(menuButton(), 'ArrowUp');
    expect(document.activeElement).toBe(items().at(-1));
  });

  it('a mouse click toggles the menu without moving focus; a click outside closes it', () => {
    mountHeader();
    $auth.set({ token: { token: 't', expires_time: nowS() + HOUR_S }, user: { id: 1, username: 'renter' } });
    menuButton().dispatchEvent(new MouseEvent('click', { bubbles: true, detail: 1 }));
    expect(menu().hidden).toBe(false);
    expect(items()).not.toContain(document.activeElement);
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(menu().hidden).toBe(true);
  });

  it('退出登录 signs out, closes the menu and puts focus on 登录', () => {
    mountHeader();
    $auth.set({ token: { token: 't', expires_time: nowS() + HOUR_S }, user: { id: 1, username: 'renter' } });
    key(menuButton(), 'ArrowDown');
    (items().at(-1) as HTMLButtonElement).click();
    expect($auth.get().token).toBeNull();
    expect(signedIn()).toBe(false);
    expect(menu().hidden).toBe(true);
    expect(document.activeElement).toBe(document.querySelector('[data-open-login="scan"]'));
  });
});

describe('the signed-in mark in <head>', () => {
  const script = readFileSync(path.resolve(import.meta.dirname, '../../src/layouts/scripts/signed-in-mark.inline.js'), 'utf8');
  const run = (saved: string | null): boolean => {
    document.documentElement.removeAttribute('data-signed-in');
    localStorage.clear();
    if (saved !== null) localStorage.setItem(AUTH_STORAGE_KEY, saved);
    // As BaseLayout emits it: the key arrives on the script element's data-auth-key.
    const element = document.createElement('script');
    element.dataset.authKey = AUTH_STORAGE_KEY;
    Object.defineProperty(document, 'currentScript', { value: element, configurable: true });
    try {
      new Function(script)();
    } finally {
      Reflect.deleteProperty(document, 'currentScript');
    }
    return signedIn();
  };

  it.each([
    ['a valid token', JSON.stringify({ token: { token: 't', expires_time: nowS() + HOUR_S }, user: null }), true],
    ['an expired token', JSON.stringify({ token: { token: 't', expires_time: nowS() - 1 }, user: null }), false],
    ['an empty token', JSON.stringify({ token: { token: '', expires_time: nowS() + HOUR_S }, user: null }), false],
    ['no expiry', JSON.stringify({ token: { token: 't' }, user: null }), false],
    ['no token', JSON.stringify({ token: null, user: { id: 1 } }), false],
    ['damaged JSON', '{', false],
    ['nothing stored', null, false],
  ])('%s → signed in: %s', (_label, saved, expected) => {
    expect(run(saved)).toBe(expected);
  });
});
