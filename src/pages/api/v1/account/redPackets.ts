/**
 * GET /api/v1/account/redPackets?status=&canUse=&page=&page_size= (Bearer) — spec §7 "GET my red
 * packets": `{ list: [{ id, name, status, received_at, expires_at, couponsInfo }], total, page,
 * page_size }`. status 1 usable, 2 used, 3 expired; canUse '1' usable now, '0' not; page ≥ 1
 * (default 1); page_size 1-100 (default 100, spec §9; 101 is a 400). Amounts in couponsInfo are
 * yuan strings ("3.00").
 */
import { signedIn } from '~/features/sign-in/server';
import { listRedPackets } from '~/features/wallet/server';
import { WALLET_WIRE } from '~/features/wallet/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(WALLET_WIRE.redPackets, signedIn, async (ctx, query, { userId, now }) => {
  return listRedPackets(ctx.db, userId, query, now);
});
