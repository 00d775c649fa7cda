/**
 * POST /api/v1/qr/app/confirm { scan_code } (Bearer) — the user signed in on the phone confirms the
 * web sign-in (spec §4 app: confirmed). Without a valid token: 401.
 */
import { signedIn, confirmApp } from '~/features/sign-in/server';
import { serve } from '~/platform/http/serve';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

export const { POST, ALL } = serve(SIGN_IN_WIRE.appConfirm, signedIn, async (ctx, { scan_code }, { userId, now }) => {
  const confirmed = await confirmApp(ctx.db, { scanCode: scan_code, userId }, now);
  return { status: confirmed.state };
});
