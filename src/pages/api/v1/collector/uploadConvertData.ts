/**
 * POST /api/v1/collector/uploadConvertData — spec §7 "POST collector (upload-convert-data)":
 * `{ token, conversion_type: 6, landing_url, channel?, net_id?, uid?, bd_vid?, qhclickid? }` after
 * a visitor from a channel registers. The token (body, else Bearer) must be a live session: 401
 * otherwise. Answers `{ counted }`: false when the account's conversion was already stored (once
 * per account). 400 without any channel marker, 409 for an account not registered recently.
 */
import { COLLECTOR_BODY_MAX_BYTES } from '~/platform/config/constants';
import { bearerToken } from '~/features/sign-in/server/auth-gate';
import { clientIp } from '~/platform/http/client-ip';
import { unauthorized } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { conversionInputSchema, enforceCollectorRateLimit, recordConversion } from '~/features/analytics/server/analytics';
import { resolveToken } from '~/features/sign-in/server/tokens';

export const POST = handle(async (ctx) => {
  const now = new Date();
  await enforceCollectorRateLimit(ctx.db, clientIp(ctx.astro), now);
  const input = await readJson(ctx.request, conversionInputSchema, { acceptTextPlain: true, maxBytes: COLLECTOR_BODY_MAX_BYTES });
  const lookup = await resolveToken(ctx.db, input.token ?? bearerToken(ctx.request), now);
  if (!lookup.ok) throw unauthorized(undefined, { cause: new Error(`token ${lookup.reason}`) });
  return ok(await recordConversion(ctx.db, lookup.userId, input, now));
});

export const ALL = allowOnly('POST');
