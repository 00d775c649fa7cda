/**
 * POST /api/v1/qr/sandbox/confirm { scan_code, identity: 'new' | 'demo' } — the sandbox stand-in
 * for the WeChat/QQ app authorising the sign-in (docs/sign-in-api.md "Second device"). There is no
 * such stand-in in production: there it answers 404 like any unknown API.
 */
import { sandboxPagesEnabled } from '~/platform/config/config';
import { MSG_API_NOT_FOUND, notFound } from '~/platform/http/errors';
import { serve } from '~/platform/http/serve';
import { confirmSandbox } from '~/features/sign-in/server';
import { SIGN_IN_WIRE } from '~/features/sign-in/wire';

/** Before the body is read: in production this URL is as unknown as any other (404), whatever is sent. */
async function sandboxOnly(): Promise<void> {
  if (!sandboxPagesEnabled()) throw notFound(MSG_API_NOT_FOUND);
}

export const { POST, ALL } = serve(SIGN_IN_WIRE.sandboxConfirm, sandboxOnly, async ({ db }, { scan_code, identity }) => {
  const confirmed = await confirmSandbox(db, { scanCode: scan_code, identity }, new Date());
  return { status: confirmed.state, needs_bind: confirmed.needsBind };
});
