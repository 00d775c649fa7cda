/**
 * POST /api/v1/collector/userActivity — spec §7 "POST collector (user-activity)": the pending
 * report records a page saved under pendingReportData (hidden longer than 5 minutes), sent as one
 * batch of 1-20 on the next load. Same gates as collector/activity (429, 413, 400); a record
 * without a kind is an activity report. Answers the stored ids.
 *
 * Kept on handle() (route ANALYTICS_ROUTES.userActivity): a beacon's text/plain body, and the 429
 * before the body is read.
 */
import { optionalUser } from '~/features/sign-in/server';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, parseInput, readJsonBody } from '~/platform/http/http';
import { enforceCollectorRateLimit, queueActivities } from '~/features/analytics/server';
import { ANALYTICS_WIRE, COLLECTOR_BODY } from '~/features/analytics/wire';

export const POST = handle(async (ctx) => {
  const now = new Date();
  await enforceCollectorRateLimit(ctx.db, clientIp(ctx.astro), now);
  const body = await readJsonBody(ctx.request, COLLECTOR_BODY);
  const records = await parseInput(ANALYTICS_WIRE.userActivity.input, body);
  const user = await optionalUser(ctx, now);
  return ok(await queueActivities(ctx.db, records, { userAgent: ctx.request.headers.get('user-agent'), userId: user?.userId ?? null }));
});

export const ALL = allowOnly('POST');
