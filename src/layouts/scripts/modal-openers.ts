/**
 * Plain-HTML openers of the spec §2 modals (no framework until one is needed): a link or
 * button with `data-open-modal="<name>"` and optional JSON `data-modal-props` opens that modal
 * through the store. A link keeps its href, so without JavaScript, or with a modifier key or a
 * middle click (a new tab), it still goes to its page (/ContactUs, /account/complain).
 */
import { openModal, type ModalName } from '~/platform/stores/ui';

/** The modals a page's static HTML may open (the others open from islands, with their own props). */
export const HTML_OPENABLE_MODALS: readonly ModalName[] = ['contactUs', 'complaint', 'hafuCoin', 'officialAccountQr', 'bindPhone'];

export function isHtmlOpenableModal(value: unknown): value is ModalName {
  return typeof value === 'string' && (HTML_OPENABLE_MODALS as readonly string[]).includes(value);
}

/** data-modal-props as an object; anything else (absent, malformed, an array) is no props. */
export function modalPropsOf(raw: string | undefined): Record<string, unknown> {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function installModalOpeners(doc: Document): () => void {
  const onClick = (event: MouseEvent): void => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const opener = (event.target as Element | null)?.closest?.<HTMLElement>('[data-open-modal]');
    if (!opener || !isHtmlOpenableModal(opener.dataset.openModal)) return;
    event.preventDefault();
    openModal(opener.dataset.openModal, modalPropsOf(opener.dataset.modalProps));
  };
  doc.addEventListener('click', onClick);
  return () => doc.removeEventListener('click', onClick);
}
