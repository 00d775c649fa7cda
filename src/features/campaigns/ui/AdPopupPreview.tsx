import { useState, type ReactNode } from 'react';
import type { PopupAd } from '~/features/campaigns/contract/popups';
import AdPopupModal from '~/features/campaigns/ui/AdPopupModal';

/**
 * 预览 on the console's ad list: opens the site's own ad popup (the same component visitors get)
 * with this ad, so what the operator checks is what a visitor sees.
 */
export function AdPopupPreview({ ad }: { ad: PopupAd }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} aria-label={`预览广告 ${ad.title}`} className="inline-flex min-h-8 items-center rounded-md bg-white px-3 text-xs font-medium text-neutral-700 ring-1 ring-neutral-300 hover:bg-neutral-50">
        预览
      </button>
      {open && <AdPopupModal name="adPopup" props={{ ad }} onClose={() => setOpen(false)} />}
    </>
  );
}
