/**
 * POST /api/v1/collector/uploadConvertData — spec §7 "POST collector (upload-convert-data)":
 * `{ token, conversion_type: 6, landing_url, channel?, net_id?, uid?, bd_vid?, qhclickid? }` after
 * a visitor from a channel registers. The token (body, else Bearer) must be a live session: 401
 * otherwise. Answers `{ counted }`: false when the account's conversion was already stored (once
 * per account). 400 without any channel marker, 409 for an account not registered recently.
 */
import { COLLECTOR_BODY_MAX_BYTES } from '~/lib/config/constants';
import { bearerToken } from '~/server/auth';
import { clientIp } from '~/server/client-ip';
import { unauthorized } from '~/server/errors';
import { allowOnly, handle, ok, readJson } from '~/server/http';
import { conversionInputSchema, enforceCollectorRateLimit, recordConversion } from '~/server/services/analytics';
import { resolveToken } from '~/server/services/tokens';

export const POST = handle(async (ctx) => {
  const now = new Date();
  await enforceCollectorRateLimit(ctx.db, clientIp(ctx.astro), now);
  const input = await readJson(ctx.request, conversionInputSchema, { acceptTextPlain: true, maxBytes: COLLECTOR_BODY_MAX_BYTES });
  const lookup = await resolveToken(ctx.db, input.token ?? bearerToken(ctx.request), now);
  if (!lookup.ok) throw unauthorized(undefined, { cause: new Error(`token ${lookup.reason}`) });
  return ok(await recordConversion(ctx.db, lookup.userId, input, now));
});

export const ALL = allowOnly('POST');
