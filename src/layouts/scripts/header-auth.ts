/**
 * The header's sign-in buttons and user menu (layouts/parts/HeaderAuth.astro), without a framework
 *. The auth store decides the state: <html data-signed-in> shows the user control
 * (CSS in global.css), set before the first paint by signed-in-mark.inline.js and kept in step
 * here, also when another tab signs in or out (the persistent store hears the storage event).
 * The menu follows the WAI-ARIA menu button pattern: arrows, Home/End, Escape, Tab closes.
 */
import { $auth, $isLoggedIn, signOut } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';
import { displayName, nameInitial } from '~/layouts/user-menu';
import { isLoginMode } from '~/platform/rules/login-state';
import { sameSiteReturnPath } from '~/platform/rules/return-path';

/**
 * Every `<button data-open-login="mode">` on the page opens the login modal in that mode (the
 * header's 登录/注册 and plain-HTML offers such as the hall's 登录后可保存搜索模板).
 */
export function installSignInButtons(doc: Document): () => void {
  const onClick = (event: MouseEvent): void => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-open-login]');
    if (!button) return;
    const mode = button.dataset.openLogin;
    openLogin(isLoginMode(mode) ? mode : 'scan');
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}

/** Wires the header's auth controls; returns the undo (tests mount it more than once). */
export function installHeaderAuth(root: HTMLElement): () => void {
  const menuButton = root.querySelector<HTMLButtonElement>('[data-user-menu-button]');
  const menu = root.querySelector<HTMLUListElement>('[data-user-menu]');
  const loginButton = root.querySelector<HTMLButtonElement>('[data-open-login="scan"]');
  if (!menuButton || !menu) return () => undefined;
  let focusLoginNext = false;

  const items = (): HTMLElement[] => Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]'));
  const isOpen = (): boolean => !menu.hidden;

  const setOpen = (open: boolean, focus: 'first' | 'last' | 'button' | null = null): void => {
    menu.hidden = !open;
    menuButton.setAttribute('aria-expanded', String(open));
    if (open) menuButton.setAttribute('aria-controls', menu.id);
    else menuButton.removeAttribute('aria-controls');
    const list = items();
    if (focus === 'first') list[0]?.focus();
    if (focus === 'last') list[list.length - 1]?.focus();
    if (focus === 'button') menuButton.focus();
  };

  menuButton.addEventListener('click', (event) => {
    // Enter/Space arrive as a click with detail 0: open with focus on the first item.
    if (isOpen()) setOpen(false);
    else setOpen(true, event.detail === 0 ? 'first' : null);
  });
  menuButton.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true, event.key === 'ArrowDown' ? 'first' : 'last');
    } else if (event.key === 'Escape' && isOpen()) {
      event.preventDefault();
      setOpen(false, 'button');
    }
  });
  menu.addEventListener('keydown', (event) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number): void => list[(i + list.length) % list.length]?.focus();
    const moves: Record<string, () => void> = {
      ArrowDown: () => go(index + 1),
      ArrowUp: () => go(index - 1),
      Home: () => go(0),
      End: () => go(list.length - 1),
      Escape: () => setOpen(false, 'button'),
    };
    if (event.key === 'Tab') setOpen(false); // Tab leaves the menu and closes it, as in a native menu.
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    move();
  });
  menu.addEventListener('click', (event) => {
    const item = (event.target as Element).closest('[role="menuitem"]');
    if (!item) return;
    setOpen(false);
    if (item.hasAttribute('data-sign-out')) {
      focusLoginNext = true;
      signOut();
    }
  });
  const onPointerDown = (event: PointerEvent): void => {
    if (isOpen() && !menuButton.parentElement!.contains(event.target as Node)) setOpen(false);
  };
  document.addEventListener('pointerdown', onPointerDown);

  const unsubscribeState = $isLoggedIn.subscribe((signedIn) => {
    document.documentElement.toggleAttribute('data-signed-in', signedIn);
    if (!signedIn) {
      setOpen(false);
      // The menu button disappears with the session; keep keyboard focus in the header.
      if (focusLoginNext) loginButton?.focus();
      focusLoginNext = false;
    }
  });
  const unsubscribeName = $auth.subscribe(({ user }) => {
    const name = displayName(user);
    root.querySelector('[data-user-name]')!.textContent = name;
    const initial = root.querySelector<HTMLElement>('[data-user-initial]')!;
    // The avatar set on 个人中心 replaces the initial (our own re-encoded upload URL).
    const avatar = typeof user?.avatar === 'string' ? sameSiteReturnPath(user.avatar, null) : null;
    initial.textContent = avatar ? '' : nameInitial(name);
    initial.style.backgroundImage = avatar ? `url("${avatar}")` : '';
    initial.style.backgroundSize = avatar ? 'cover' : '';
    menu.setAttribute('aria-label', name);
  });
  return () => {
    unsubscribeState();
    unsubscribeName();
    document.removeEventListener('pointerdown', onPointerDown);
  };
}
