/**
 * POST /api/v1/qr/app/confirm { scan_code } (Bearer) — the user signed in on the phone confirms the
 * web sign-in (spec §4 app: confirmed). Without a valid token: 401.
 */
import { z } from 'zod';
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { confirmApp } from '~/features/sign-in/server/qr-login';

const Body = z.object({ scan_code: z.string().min(1) });

export const POST = handle(async (ctx) => {
  const now = new Date();
  const { userId } = await requireUser(ctx, now);
  const { scan_code } = await readJson(ctx.request, Body);
  const confirmed = await confirmApp(ctx.db, { scanCode: scan_code, userId }, now);
  return ok({ status: confirmed.state });
});

export const ALL = allowOnly('POST');
