/**
 * The spec §2 ad popup as a plain `<dialog>` (platform/ui/plain-dialog.ts, issue 27) and the spec
 * §4 ad check that decides whether it shows: a chunk of its own, fetched only when a page view's
 * ad check runs (popup-checks.ts), so a first visit that gets the emergency notice never loads it.
 */
import { AD_DEVICE_CODE, AD_LIST_REFRESH_MS } from '~/features/campaigns/constants';
import type { PopupAd } from '~/features/campaigns/contract/popups';
import { chooseAd, resetForNewDay, withAdList } from '~/features/campaigns/rules/ad-choice';
import { isExternalHref, safeHref } from '~/features/campaigns/rules/ad-link';
import { isSpecialOfferRoute } from '~/features/campaigns/rules/popup-triggers';
import { POPUP_ROUTES } from '~/features/campaigns/routes';
import { loadAdState, saveAdState } from '~/features/campaigns/ad-store';
import { callPublic } from '~/platform/client/public-get';
import { h, showPlainDialog, type PlainDialog } from '~/platform/ui/plain-dialog';
import { focusRing } from '~/platform/ui/focus-ring';

/**
 * The ad picture's size: on a phone at most 60 % of the screen's width and 40 % of its height
 * (a 600×750 picture is 234×292 px on a 390×844 screen, a fifth of it, not the 60 % it filled
 * when it was as wide as the sheet); from `sm` up as large as the dialog allows.
 */
export const AD_IMAGE_CLASSES =
  'mx-auto block h-auto w-auto max-w-[60vw] max-h-[40dvh] rounded-md object-contain sm:max-w-full sm:max-h-[calc(100dvh-9rem)]';

/**
 * The ad's picture, linking to the ad's link; closes on the mask, the close button, Esc or a
 * click on the link (spec §2 modal: layer 1002, width 578). Also the console's 预览, so what an
 * operator checks is what a visitor sees.
 */
export function showAdDialog(ad: PopupAd): Promise<PlainDialog> {
  return showPlainDialog(() => {
    const image = h('img', AD_IMAGE_CLASSES);
    image.src = ad.image;
    image.alt = ad.title;
    image.width = 600;
    image.height = 750;
    image.decoding = 'async';
    const href = safeHref(ad.link);
    let content: HTMLElement = image;
    if (href) {
      const link = h('a', `block w-fit mx-auto rounded-md ${focusRing}`, image);
      link.href = href;
      link.dataset.close = '';
      link.autofocus = true;
      if (isExternalHref(href)) {
        link.target = '_blank';
        link.rel = 'noopener noreferrer';
      }
      content = link;
    }
    const body = h('div', '', content);
    body.dataset.adId = String(ad.id);
    return { title: ad.title, hideTitle: true, body, marker: 'data-ad-popup' };
  });
}

/**
 * The ad popup check (spec §4 "Ad popup choice"), with the list kept in pendingAdList and fetched
 * again when it is 10 minutes old (spec §7) or from another day; answers whether it showed an ad.
 */
export async function runAdCheck(current: string): Promise<boolean> {
  let state = resetForNewDay(loadAdState(), new Date());
  const fetchedAt = state.pendingAdList?.fetchedAt ?? 0;
  if (state.pendingAdList === null || Date.now() - fetchedAt >= AD_LIST_REFRESH_MS || Date.now() < fetchedAt) {
    try {
      state = withAdList(state, await callPublic(POPUP_ROUTES.ads, { device: AD_DEVICE_CODE }), new Date());
    } catch {
      if (state.pendingAdList === null) return false;
    }
  }
  const { ad, state: next } = chooseAd({ ads: state.pendingAdList?.list ?? [], state, now: new Date(), random: Math.random, onSpecialOfferPage: isSpecialOfferRoute(current) });
  saveAdState(next);
  if (!ad) return false;
  void showAdDialog(ad);
  return true;
}
