import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_DEFAULT_WIDTH_PX, MODAL_Z_INDEX } from '~/platform/config/constants';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose(): void;
  /** Maximum width in px (spec §2: default 578); the panel shrinks with the viewport below it. */
  width?: number;
  children: ReactNode;
  footer?: ReactNode;
  /** Keep the title for screen readers only (the dialog stays labelled). */
  hideTitle?: boolean;
}

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

// Open dialogs, newest last: only the topmost reacts to Esc and Tab, and the body stays locked
// until the last one closes.
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

/**
 * Spec §2 modal: a mask at layer 1002 that closes on a click on itself, default width 578.
 * Accessible dialog: labelled by its title, Esc closes, focus moves in, is trapped and returns
 * to the opener on close. Rendered into document.body so no ancestor can clip or restack it.
 */
export function Modal({
  open,
  title,
  onClose,
  width = MODAL_DEFAULT_WIDTH_PX,
  children,
  footer,
  hideTitle = false,
}: ModalProps): ReactNode {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  // A press that starts on the panel and ends on the mask (text selection) must not close it.
  const pressStartedOnMask = useRef(false);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    if (!open || !mounted) return;
    const panel = panelRef.current;
    if (!panel) return;
    const key = Symbol('modal');
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    openStack.push(key);
    lockBodyScroll();

    const initial =
      panel.querySelector<HTMLElement>('[data-autofocus]') ??
      tabbableIn(panel).find((el) => !el.hasAttribute('data-modal-close')) ??
      panel;
    initial.focus();

    const onKeyDown = (event: KeyboardEvent): void => {
      if (openStack[openStack.length - 1] !== key) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === 'Tab') {
        trapTab(event, panel);
      }
    };
    // A focus that escapes (a click on something outside, a script) is pulled back in.
    const onFocusIn = (event: FocusEvent): void => {
      if (openStack[openStack.length - 1] !== key) return;
      if (event.target instanceof Node && !panel.contains(event.target)) panel.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      const index = openStack.indexOf(key);
      if (index >= 0) openStack.splice(index, 1);
      unlockBodyScroll();
      if (opener?.isConnected) opener.focus();
    };
  }, [open, mounted]);

  if (!open || !mounted) return null;

  return createPortal(
    <div
      // Below sm the panel is a full-width bottom sheet no taller than the screen, so its
      // close button stays in view and the content scrolls inside it, not off the page.
      className="fixed inset-0 flex items-end justify-center overflow-y-auto bg-black/50 sm:items-center sm:p-4"
      style={{ zIndex: MODAL_Z_INDEX }}
      onPointerDown={(event) => {
        pressStartedOnMask.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && pressStartedOnMask.current) onCloseRef.current();
        pressStartedOnMask.current = false;
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative mt-auto flex max-h-[calc(100dvh-1rem)] w-full min-w-0 flex-col rounded-t-xl bg-white text-gray-800 shadow-xl outline-none sm:my-auto sm:max-h-[calc(100dvh-2rem)] sm:rounded-lg"
        style={{ maxWidth: width }}
      >
        <div className={hideTitle ? 'sr-only' : 'border-b border-gray-100 px-4 py-4 pr-14 sm:px-6'}>
          <h2 id={titleId} className="text-lg font-semibold text-gray-900">
            {title}
          </h2>
        </div>
        <button
          type="button"
          aria-label="关闭"
          data-modal-close=""
          onClick={() => onCloseRef.current()}
          className="absolute top-2 right-2 z-10 inline-flex h-11 w-11 items-center sm:top-3 sm:right-3 sm:h-9 sm:w-9 justify-center rounded-full text-gray-400 transition-colors hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
        >
          <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
            <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <div className={`min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6 ${hideTitle ? 'pt-14 sm:pt-10' : ''}`}>{children}</div>
        {footer ? (
          <div className="flex flex-wrap justify-end gap-3 border-t border-gray-100 px-4 py-4 sm:px-6">{footer}</div>
        ) : null}
      </div>
    </div>,
    document.body,
  );
}

function trapTab(event: KeyboardEvent, panel: HTMLElement): void {
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
