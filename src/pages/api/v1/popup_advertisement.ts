/**
 * GET /api/v1/popup_advertisement?device=1 — spec §7: "data is a list of ads" (spec §3: id, title,
 * image, link, priority 1-3, display_frequency 0-3, position 0|1, start_date, end_date as ISO 8601
 * or null): active ads of that device whose window has not ended. device is required (§9 code 1).
 * The same for every visitor, so browsers and proxies may keep it a minute (the browser refreshes
 * its copy every 10 minutes anyway).
 */
import { listPopupAds } from '~/features/campaigns/server';
import { POPUP_WIRE } from '~/features/campaigns/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(POPUP_WIRE.ads, async (ctx, { device }) => listPopupAds(ctx.db, device, new Date()));
