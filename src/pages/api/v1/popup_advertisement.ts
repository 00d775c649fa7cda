/**
 * GET /api/v1/popup_advertisement?device=1 — spec §7: "data is a list of ads" (spec §3: id, title,
 * image, link, priority 1-3, display_frequency 0-3, position 0|1, start_date, end_date as ISO 8601
 * or null): active ads of that device whose window has not ended. device is required (§9 code 1).
 * The same for every visitor, so browsers and proxies may keep it a minute (the browser refreshes
 * its copy every 10 minutes anyway).
 */
import { allowOnly, headOf, handle, ok, readQuery } from '~/platform/http/http';
import { listPopupAds, POPUP_LIST_CACHE_CONTROL, popupAdsQuerySchema } from '~/features/campaigns/server/popup-ads';

export const GET = handle(async ({ url, db }) => {
  const { device } = await readQuery(url, popupAdsQuerySchema);
  return ok(await listPopupAds(db, device, new Date()), { headers: { 'cache-control': POPUP_LIST_CACHE_CONTROL } });
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
