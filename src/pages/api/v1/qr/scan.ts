/**
 * POST /api/v1/qr/scan { scan_code } — the second device opened the QR's page: waiting → scanned
 * (spec §4; QQ shows 2, the app `scanned`, WeChat stays `pending`). Answers the platform and state.
 */
import { z } from 'zod';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { markScanned } from '~/features/sign-in/server/qr-login';

const Body = z.object({ scan_code: z.string().min(1) });

export const POST = handle(async ({ request, db }) => {
  const { scan_code } = await readJson(request, Body);
  const scanned = await markScanned(db, { scanCode: scan_code }, new Date());
  return ok({ platform: scanned.platform, status: scanned.state });
});

export const ALL = allowOnly('POST');
