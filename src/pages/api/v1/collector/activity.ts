/**
 * POST /api/v1/collector/activity — spec §7 "POST analytics collector (activity)": one record, or
 * the batch (up to 20) of pending report data left from a page refresh. Accepts text/plain too,
 * because navigator.sendBeacon with a string body can only send that type.
 */
import { allowOnly, handle, ok, parseInput, readJsonBody } from '~/server/http';
import {
  activityBatchSchema,
  activityRecordSchema,
  recordActivities,
  recordActivity,
  type ActivityContext,
} from '~/server/services/analytics';

export const POST = handle(async ({ request, db }) => {
  const body = await readJsonBody(request, { acceptTextPlain: true });
  // Validate first (a batch with one bad record writes nothing), then open the database.
  const context: ActivityContext = { userAgent: request.headers.get('user-agent'), userId: null };
  if (Array.isArray(body)) {
    const records = await parseInput(activityBatchSchema, body);
    return ok(await recordActivities(db, records, context));
  }
  const record = await parseInput(activityRecordSchema, body);
  return ok(await recordActivity(db, record, context));
});

/** Any other method: 405 with the envelope. */
export const ALL = allowOnly('POST');
