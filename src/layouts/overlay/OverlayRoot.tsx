import { createRoot } from 'react-dom/client';
import ModalHost from '~/layouts/overlay/ModalHost';
import Toaster from '~/platform/ui/Toaster';

/**
 * Toasts, notifications and the spec §2 modals, mounted on demand by src/layouts/scripts/page-chrome.ts the
 * first time one is asked for: until then no page loads React for them. A client root,
 * not a hydrated island: the server never renders an open modal or a queued toast.
 */
export function mountOverlays(container: HTMLElement): void {
  createRoot(container).render(
    <>
      <Toaster />
      <ModalHost />
    </>,
  );
}
