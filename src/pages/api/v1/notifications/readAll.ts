/**
 * POST /api/v1/notifications/readAll (Bearer), body optional `{ filter? }` (order|complaint|money|
 * system) — marks all the caller's unread notifications read, or only those of one filter.
 * Answers `{ marked, unread }`.
 */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { unsupportedMediaType } from '~/platform/http/errors';
import { allowOnly, handle, ok, readBodyBytes, readJson } from '~/platform/http/http';
import { markAllNotificationsRead, readAllBodySchema, type ReadAllInput } from '~/features/notifications/server/notifications';

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  return ok(await markAllNotificationsRead(ctx.db, userId, await readOptionalBody(ctx.request), now));
});

/**
 * "Mark all read" needs no body: an empty one (a bare POST, or JSON content-type with nothing
 * sent) means no filter; a JSON body is read as any JSON endpoint reads it (415 for another media
 * type, 400 for bad JSON or an unknown filter). A filter body is a few bytes: 4 KB is plenty.
 */
async function readOptionalBody(request: Request): Promise<ReadAllInput> {
  const bytes = await readBodyBytes(request, MAX_BODY_BYTES);
  if (bytes.byteLength === 0) return {};
  if (request.headers.get('content-type') === null) throw unsupportedMediaType();
  return readJson(new Request(request.url, { method: 'POST', headers: request.headers, body: bytes }), readAllBodySchema, { maxBytes: MAX_BODY_BYTES });
}

const MAX_BODY_BYTES = 4096;

export const ALL = allowOnly('POST');
