/**
 * GET /api/v1/detail/daysAhead?account_id= — the listing's free stretches over the coming days
 * (the detail page's 档期, docs/decisions.md "Free days ahead"). Public like detail/account; a
 * missing listing answers 404 with code -400.
 */
import { listingDaysAhead } from '~/features/orders/server';
import { ORDER_WIRE } from '~/features/orders/wire';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ORDER_WIRE.daysAhead, async ({ db }, { account_id }) => listingDaysAhead(db, account_id, new Date()));
