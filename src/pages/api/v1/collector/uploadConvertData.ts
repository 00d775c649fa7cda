/**
 * POST /api/v1/collector/uploadConvertData — spec §7 "POST collector (upload-convert-data)":
 * `{ token, conversion_type: 6, landing_url, channel?, net_id?, uid?, bd_vid?, qhclickid? }` after
 * a visitor from a channel registers. The token (body, else Bearer) must be a live session: 401
 * otherwise. Answers `{ counted }`: false when the account's conversion was already stored (once
 * per account). 400 without any channel marker, 409 for an account not registered recently.
 *
 * Kept on handle() (route ANALYTICS_ROUTES.convert): a text/plain body is accepted like the other
 * collector calls, and the 429 comes before the body is read.
 */
import { bearerToken, resolveToken } from '~/features/sign-in/server';
import { clientIp } from '~/platform/http/client-ip';
import { unauthorized } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { enforceCollectorRateLimit, recordConversion } from '~/features/analytics/server';
import { ANALYTICS_WIRE, COLLECTOR_BODY } from '~/features/analytics/wire';

export const POST = handle(async (ctx) => {
  const now = new Date();
  await enforceCollectorRateLimit(ctx.db, clientIp(ctx.astro), now);
  const input = await readJson(ctx.request, ANALYTICS_WIRE.convert.input, COLLECTOR_BODY);
  const lookup = await resolveToken(ctx.db, input.token ?? bearerToken(ctx.request), now);
  if (!lookup.ok) throw unauthorized(undefined, { cause: new Error(`token ${lookup.reason}`) });
  return ok(await recordConversion(ctx.db, lookup.userId, input, now));
});

export const ALL = allowOnly('POST');
