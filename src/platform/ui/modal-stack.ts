/**
 * What every dialog shares, framework or not (the React Modal and the plain login dialog of
 * features/sign-in/ui/login-dialog.ts): the stack of open dialogs, newest last, so only the
 * topmost reacts to Esc and Tab; the page's scroll lock, held until the last one closes; and the
 * Tab trap. No React here, so the plain dialog does not pull the framework in.
 */

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** Tabbable elements of a container in DOM order (visible, enabled, not tabindex -1, not inert). */
export function tabbableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert],[hidden]') && el.getClientRects().length > 0,
  );
}

const openStack: symbol[] = [];
let savedBodyStyle: { overflow: string; paddingRight: string } | null = null;

function lockBodyScroll(): void {
  if (savedBodyStyle) return;
  const { body, documentElement } = document;
  savedBodyStyle = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // Keep the page from shifting sideways when its scrollbar disappears.
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.style.overflow = 'hidden';
}

function unlockBodyScroll(): void {
  if (!savedBodyStyle || openStack.length > 0) return;
  document.body.style.overflow = savedBodyStyle.overflow;
  document.body.style.paddingRight = savedBodyStyle.paddingRight;
  savedBodyStyle = null;
}

/** A dialog opened: it goes on top and the page stops scrolling. Returns its key. */
export function pushModal(): symbol {
  const key = Symbol('modal');
  openStack.push(key);
  lockBodyScroll();
  return key;
}

/** A dialog closed: off the stack; the page scrolls again once none is left. */
export function popModal(key: symbol): void {
  const index = openStack.indexOf(key);
  if (index >= 0) openStack.splice(index, 1);
  unlockBodyScroll();
}

export function isTopModal(key: symbol): boolean {
  return openStack[openStack.length - 1] === key;
}

/** Keeps Tab and Shift+Tab inside `panel`, wrapping at either end. */
export function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
  const items = tabbableIn(panel);
  if (items.length === 0) {
    event.preventDefault();
    panel.focus();
    return;
  }
  const first = items[0]!;
  const last = items[items.length - 1]!;
  const active = document.activeElement;
  const inside = active instanceof Node && panel.contains(active) && active !== panel;
  if (event.shiftKey && (!inside || active === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || active === last)) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * Wires an open dialog panel: focus moves to `initial`, Esc calls `onClose` and Tab stays inside
 * while it is the topmost, a focus that escapes is pulled back. The returned undo releases it
 * and gives the focus back to what had it before.
 */
export function holdDialog(panel: HTMLElement, initial: HTMLElement, onClose: () => void): () => void {
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const key = pushModal();
  initial.focus();
  const onKeyDown = (event: KeyboardEvent): void => {
    if (!isTopModal(key)) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
    } else if (event.key === 'Tab') {
      trapTab(event, panel);
    }
  };
  // A focus that escapes (a click on something outside, a script) is pulled back in.
  const onFocusIn = (event: FocusEvent): void => {
    if (isTopModal(key) && event.target instanceof Node && !panel.contains(event.target)) panel.focus();
  };
  document.addEventListener('keydown', onKeyDown);
  document.addEventListener('focusin', onFocusIn);
  return () => {
    document.removeEventListener('keydown', onKeyDown);
    document.removeEventListener('focusin', onFocusIn);
    popModal(key);
    if (opener?.isConnected) opener.focus();
  };
}
