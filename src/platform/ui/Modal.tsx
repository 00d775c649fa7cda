import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { MODAL_DEFAULT_WIDTH_PX, MODAL_Z_INDEX } from '~/platform/config/constants';
import { holdDialog, tabbableIn } from '~/platform/ui/modal-stack';

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

export { tabbableIn };

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
    const initial =
      panel.querySelector<HTMLElement>('[data-autofocus]') ??
      tabbableIn(panel).find((el) => !el.hasAttribute('data-modal-close')) ??
      panel;
    return holdDialog(panel, initial, () => onCloseRef.current());
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
