/**
 * POST /api/v1/collector/activity — spec §7 "POST analytics collector (activity)": one record (a
 * page view, an activity report) or a batch of up to 20 (the browser's click queue). Accepts
 * text/plain too, because navigator.sendBeacon with a string body can only send that type.
 * Order: 429 per IP, 413 past 64 KB (declared or streamed, before parsing), 400, then the
 * buffered writer; the answer comes once the rows are committed.
 *
 * Kept on handle() (route ANALYTICS_ROUTES.activity): a beacon's text/plain body, and the 429 before
 * the body is read.
 */
import { optionalUser } from '~/features/sign-in/server';
import { clientIp } from '~/platform/http/client-ip';
import { allowOnly, handle, ok, parseInput, readJsonBody } from '~/platform/http/http';
import { enforceCollectorRateLimit, queueActivities, type ActivityContext } from '~/features/analytics/server';
import { COLLECTOR_BODY, activityBatchSchema, activityRecordSchema } from '~/features/analytics/wire';

export const POST = handle(async (ctx) => {
  const { request, db } = ctx;
  const now = new Date();
  await enforceCollectorRateLimit(db, clientIp(ctx.astro), now);
  const body = await readJsonBody(request, COLLECTOR_BODY);
  // Validate first (a batch with one bad record writes nothing), then look up who sent it.
  const records = Array.isArray(body) ? await parseInput(activityBatchSchema, body) : [await parseInput(activityRecordSchema, body)];
  const user = await optionalUser(ctx, now);
  const context: ActivityContext = { userAgent: request.headers.get('user-agent'), userId: user?.userId ?? null };
  const { ids } = await queueActivities(db, records, context);
  return ok(Array.isArray(body) ? { ids } : { id: ids[0]! });
});

/** Any other method: 405 with the envelope. */
export const ALL = allowOnly('POST');
