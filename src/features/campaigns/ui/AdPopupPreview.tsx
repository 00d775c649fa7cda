import type { ReactNode } from 'react';
import type { PopupAd } from '~/features/campaigns/contract/popups';
import { showAdDialog } from '~/features/campaigns/ui/ad-popup';

/**
 * 预览 on the console's ad list: opens the site's own ad popup (the same plain dialog visitors
 * get) with this ad, so what the operator checks is what a visitor sees.
 */
export function AdPopupPreview({ ad }: { ad: PopupAd }): ReactNode {
  return (
    <button type="button" onClick={() => void showAdDialog(ad)} aria-label={`预览广告 ${ad.title}`} className="inline-flex min-h-8 items-center rounded-md bg-white px-3 text-xs font-medium text-neutral-700 ring-1 ring-neutral-300 hover:bg-neutral-50">
      预览
    </button>
  );
}
