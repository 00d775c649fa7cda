import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { $auth, $isLoggedIn, signOut, type UserInfo } from '../lib/stores/auth';
import { routeByName } from '../lib/routes';
import { openLogin } from '../lib/stores/ui';
import { focusRing } from './ui/focus-ring';

/** The account screens the user menu opens, named and linked from the route table. */
export const USER_MENU_LINKS: ReadonlyArray<{ label: string; href: string }> = ['personal', 'order', 'purse', 'redPacket', 'account_notify'].map(
  (name) => ({ label: routeByName(name).title, href: routeByName(name).path }),
);

export function displayName(user: UserInfo | null): string {
  return user?.nickname?.trim() || user?.username?.trim() || '我的账号';
}


/**
 * Header sign-in buttons or the user menu. The auth store reads localStorage in the browser only,
 * so the server and the hydration pass both render the signed-out view (ssr snapshot), and the
 * signed-in view follows right after hydration.
 */
export default function HeaderAuth(): ReactNode {
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const $authState = useStore($auth, { ssr: 'initial' });
  const loginRef = useRef<HTMLButtonElement>(null);
  const focusLoginNext = useRef(false);

  useEffect(() => {
    if (!$loggedIn && focusLoginNext.current) {
      focusLoginNext.current = false;
      loginRef.current?.focus();
    }
  }, [$loggedIn]);

  // Below md (issue 12) the controls grow to 44 px touch targets and the name hides visually (it
  // stays the button's accessible name), so the user control always fits a 360 px bar.
  if (!$loggedIn) {
    return (
      <div className="flex shrink-0 items-center gap-1 md:gap-2">
        <button
          ref={loginRef}
          type="button"
          onClick={() => openLogin('scan')}
          className={`rounded px-3 py-1.5 text-sm text-gray-700 hover:text-primary max-md:min-h-11 max-md:px-2 ${focusRing}`}
        >
          登录
        </button>
        <button
          type="button"
          onClick={() => openLogin('register')}
          className={`rounded bg-primary px-3 py-1.5 text-sm text-white hover:bg-primary-dark max-md:min-h-11 max-md:px-2.5 ${focusRing}`}
        >
          注册
        </button>
      </div>
    );
  }

  return (
    <UserMenu
      user={$authState.user}
      onLogout={() => {
        // The menu button disappears with the session; keep keyboard focus in the header.
        focusLoginNext.current = true;
        signOut();
      }}
    />
  );
}

function UserMenu({ user, onLogout }: { user: UserInfo | null; onLogout(): void }): ReactNode {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  // Which item to focus once the menu has rendered: first, last, or none (opened by mouse).
  const focusOnOpen = useRef<'first' | 'last' | null>(null);
  const menuId = useId();
  const name = displayName(user);

  const items = (): HTMLElement[] => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  function close(returnFocus: boolean): void {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const list = items();
    if (focusOnOpen.current === 'first') list[0]?.focus();
    if (focusOnOpen.current === 'last') list[list.length - 1]?.focus();
    focusOnOpen.current = null;
    const onPointerDown = (event: PointerEvent): void => {
      if (!wrapperRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>): void {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusOnOpen.current = event.key === 'ArrowDown' ? 'first' : 'last';
      if (open) {
        const list = items();
        (event.key === 'ArrowDown' ? list[0] : list[list.length - 1])?.focus();
      } else setOpen(true);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>): void {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const go = (i: number): void => list[(i + list.length) % list.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        go(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        go(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        go(0);
        break;
      case 'End':
        event.preventDefault();
        go(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        // Tab leaves the menu and closes it, as in a native menu.
        setOpen(false);
        break;
    }
  }

  const itemClass = `block w-full px-4 py-2 text-left text-sm max-md:py-3 text-gray-700 hover:bg-gray-50 hover:text-primary focus:bg-gray-50 focus:text-primary focus:outline-none`;

  return (
    <div ref={wrapperRef} className="relative shrink-0">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => {
          // Enter/Space arrive as a click with detail 0: open with focus on the first item.
          focusOnOpen.current = event.detail === 0 ? 'first' : null;
          setOpen((value) => !value);
        }}
        onKeyDown={onButtonKeyDown}
        className={`flex items-center gap-2 rounded-full py-1 pr-3 pl-1 text-sm text-gray-700 hover:bg-gray-100 max-md:h-11 max-md:gap-1 max-md:pr-2 ${focusRing}`}
      >
        <span
          aria-hidden="true"
          className="inline-flex h-7 w-7 items-center justify-center rounded-full bg-primary text-xs font-semibold text-white"
        >
          {Array.from(name)[0]?.toUpperCase()}
        </span>
        <span className="max-w-[8rem] truncate max-md:sr-only">{name}</span>
        <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true" focusable="false" className={open ? 'rotate-180' : ''}>
          <path d="M3 4.5l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={name}
          onKeyDown={onMenuKeyDown}
          className="absolute right-0 z-50 mt-2 w-40 overflow-hidden rounded-md border border-gray-100 bg-white py-1 shadow-lg"
        >
          {USER_MENU_LINKS.map((link) => (
            <li key={link.href} role="none">
              <a role="menuitem" tabIndex={-1} href={link.href} className={itemClass} onClick={() => setOpen(false)}>
                {link.label}
              </a>
            </li>
          ))}
          <li role="none" className="mt-1 border-t border-gray-100 pt-1">
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => {
                setOpen(false);
                onLogout();
              }}
            >
              退出登录
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
