/**
 * POST /api/v1/qr/cancel { scan_code } — the second device declined (spec §4: cancelled). Works for
 * every platform; cancelling twice is harmless, an expired or confirmed code is 400 二维码已失效.
 */
import { z } from 'zod';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { cancelQrSession } from '~/features/sign-in/server/qr-login';

const Body = z.object({ scan_code: z.string().min(1) });

export const POST = handle(async ({ request, db }) => {
  const { scan_code } = await readJson(request, Body);
  const cancelled = await cancelQrSession(db, { scanCode: scan_code }, new Date());
  return ok({ status: cancelled.state });
});

export const ALL = allowOnly('POST');
