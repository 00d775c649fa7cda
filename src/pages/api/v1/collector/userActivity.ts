/**
 * POST /api/v1/collector/userActivity — spec §7 "POST collector (user-activity)": the pending
 * report records a page saved under pendingReportData (hidden longer than 5 minutes), sent as one
 * batch of 1-20 on the next load. Same gates as collector/activity (429, 413, 400); a record
 * without a kind is an activity report. Answers the stored ids.
 */
import { COLLECTOR_BODY_MAX_BYTES } from '~/platform/config/constants';
import { optionalUser } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, parseInput, readJsonBody } from '~/platform/http/http';
import { enforceCollectorRateLimit, queueActivities, userActivityBatchSchema } from '~/features/analytics/server/analytics';

export const POST = handle(async (ctx) => {
  const now = new Date();
  await enforceCollectorRateLimit(ctx.db, clientIp(ctx.astro), now);
  const body = await readJsonBody(ctx.request, { acceptTextPlain: true, maxBytes: COLLECTOR_BODY_MAX_BYTES });
  const records = await parseInput(userActivityBatchSchema, body);
  const user = await optionalUser(ctx, now);
  return ok(await queueActivities(ctx.db, records, { userAgent: ctx.request.headers.get('user-agent'), userId: user?.userId ?? null }));
});

export const ALL = allowOnly('POST');
