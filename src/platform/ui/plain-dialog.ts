/**
 * The spec §2 modal as a native `<dialog>` driven by a few lines of plain script (issue 27): the
 * popups a first visitor gets (emergency notice, ad popup) and the official-account QR open
 * without React, so a first visit stays under the 20 KB JavaScript budget. Same look and rules as
 * the React kit's Modal (platform/ui/Modal.tsx): a mask at layer 1002 that closes on a click on
 * itself, width 578 unless asked otherwise, a bottom sheet below `sm`, labelled by its title,
 * Esc closes. showModal() gives the focus trap, the inert page behind and the return of focus.
 *
 * One at a time: a dialog waits until the one before it has closed and no React modal is open
 * ($modal); a React modal that opens meanwhile closes it (the page behind a modal dialog is inert,
 * so that modal could not be used otherwise).
 */
import { MODAL_DEFAULT_WIDTH_PX, MODAL_Z_INDEX } from '~/platform/config/constants';
import { $modal } from '~/platform/stores/ui';

export interface PlainDialogOptions {
  title: string;
  /** Keep the title for screen readers only (the dialog stays labelled). */
  hideTitle?: boolean;
  /** Maximum width in px (spec §2: default 578); the panel shrinks with the viewport below it. */
  width?: number;
  body: Node;
  /** Buttons under the body; a button with `data-close` closes the dialog after its own click handler. */
  footer?: Node[];
  /** A data attribute that names the dialog for styles and tests, e.g. `data-popup="notice"`. */
  marker?: string;
}

export interface PlainDialog {
  element: HTMLDialogElement;
  /** Resolves once the dialog has closed and left the page. */
  closed: Promise<void>;
  close(): void;
}

const PANEL =
  'mx-auto mb-0 mt-auto w-full p-0 border-0 max-h-[calc(100dvh-1rem)] flex-col rounded-t-xl bg-white text-gray-800 shadow-xl outline-none open:flex backdrop:bg-black/50 sm:my-auto sm:max-h-[calc(100dvh-2rem)] sm:rounded-lg';
const CLOSE_BUTTON =
  'absolute top-2 right-2 z-10 inline-flex h-11 w-11 items-center justify-center rounded-full text-gray-400 transition-colors hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:top-3 sm:right-3 sm:h-9 sm:w-9';

let titleIds = 0;
let queue: Promise<void> = Promise.resolve();

/** An element with classes and children: the few nodes these dialogs need, without a framework. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, ...children: Array<Node | string>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  if (className) element.className = className;
  element.append(...children);
  return element;
}

function closeIcon(): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const svg = document.createElementNS(ns, 'svg');
  for (const [name, value] of [['viewBox', '0 0 20 20'], ['width', '20'], ['height', '20'], ['aria-hidden', 'true'], ['focusable', 'false']]) svg.setAttribute(name!, value!);
  const path = document.createElementNS(ns, 'path');
  for (const [name, value] of [['d', 'M5 5l10 10M15 5L5 15'], ['stroke', 'currentColor'], ['stroke-width', '1.8'], ['stroke-linecap', 'round']]) path.setAttribute(name!, value!);
  svg.append(path);
  return svg;
}

/** Whether a pointer event lies outside the panel, i.e. on the mask (the ::backdrop reports the dialog as its target). */
function onMask(dialog: HTMLDialogElement, event: MouseEvent): boolean {
  if (event.target !== dialog) return false;
  const box = dialog.getBoundingClientRect();
  return event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
}

let savedOverflow: { overflow: string; paddingRight: string } | null = null;

function lockScroll(): void {
  const { body, documentElement } = document;
  savedOverflow = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
  // Keep the page from shifting sideways when its scrollbar disappears.
  const scrollbar = window.innerWidth - documentElement.clientWidth;
  if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  body.style.overflow = 'hidden';
}

function unlockScroll(): void {
  if (!savedOverflow) return;
  document.body.style.overflow = savedOverflow.overflow;
  document.body.style.paddingRight = savedOverflow.paddingRight;
  savedOverflow = null;
}

/** Shows the dialog now; callers go through showPlainDialog, which waits its turn. */
function openNow(options: PlainDialogOptions): PlainDialog {
  const titleId = `plain-dialog-title-${++titleIds}`;
  const dialog = h('dialog', PANEL);
  dialog.setAttribute('aria-labelledby', titleId);
  dialog.style.maxWidth = `${options.width ?? MODAL_DEFAULT_WIDTH_PX}px`;
  // The top layer already puts it above everything; the spec's layer value is kept for parity.
  dialog.style.zIndex = String(MODAL_Z_INDEX);
  if (options.marker) dialog.setAttribute(options.marker, '');

  const heading = h('h2', 'text-lg font-semibold text-gray-900', options.title);
  heading.id = titleId;
  const close = h('button', CLOSE_BUTTON, closeIcon());
  close.type = 'button';
  close.setAttribute('aria-label', '关闭');
  close.dataset.close = '';
  dialog.append(
    h('div', options.hideTitle ? 'sr-only' : 'border-b border-gray-100 px-4 py-4 pr-14 sm:px-6', heading),
    close,
    h('div', `min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6 ${options.hideTitle ? 'pt-14 sm:pt-10' : ''}`, options.body),
  );
  if (options.footer?.length) dialog.append(h('div', 'flex flex-wrap justify-end gap-3 border-t border-gray-100 px-4 py-4 sm:px-6', ...options.footer));

  let pressStartedOnMask = false;
  dialog.addEventListener('pointerdown', (event) => {
    pressStartedOnMask = onMask(dialog, event);
  });
  dialog.addEventListener('click', (event) => {
    // A press that starts on the panel and ends on the mask (text selection) must not close it.
    if (pressStartedOnMask && onMask(dialog, event)) dialog.close();
    else if ((event.target as Element).closest('[data-close]')) dialog.close();
    pressStartedOnMask = false;
  });

  let stopWatching = (): void => undefined;
  const closed = new Promise<void>((resolve) => {
    dialog.addEventListener('close', () => {
      stopWatching();
      dialog.remove();
      unlockScroll();
      resolve();
    }, { once: true });
  });
  document.body.append(dialog);
  lockScroll();
  dialog.showModal();
  stopWatching = $modal.listen((current) => {
    if (current !== null && dialog.open) dialog.close();
  });
  return { element: dialog, closed, close: () => dialog.open && dialog.close() };
}

/** Resolves when no React modal is open. */
function noModalOpen(): Promise<void> {
  if ($modal.get() === null) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = $modal.listen((current) => {
      if (current !== null) return;
      stop();
      resolve();
    });
  });
}

/**
 * Opens a dialog once the one before it has closed and no React modal is open; resolves with it
 * when it opens. `build` runs only then, so what it shows is read at that moment.
 */
export function showPlainDialog(build: () => PlainDialogOptions): Promise<PlainDialog> {
  const opened = queue.then(noModalOpen).then(() => openNow(build()));
  queue = opened.then((shown) => shown.closed, () => undefined);
  return opened;
}
