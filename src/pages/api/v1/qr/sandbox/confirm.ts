/**
 * POST /api/v1/qr/sandbox/confirm { scan_code, identity: 'new' | 'demo' } — the sandbox stand-in
 * for the WeChat/QQ app authorising the sign-in (docs/sign-in-api.md "Second device"). There is no
 * such stand-in in production: there it answers 404 like any unknown API.
 */
import { z } from 'zod';
import { sandboxPagesEnabled } from '~/platform/config/config';
import { MSG_API_NOT_FOUND, notFound } from '~/platform/http/errors';
import { allowOnly, handle, ok, readJson } from '~/platform/http/http';
import { confirmSandbox } from '~/features/sign-in/server/qr-login';

const Body = z.object({ scan_code: z.string().min(1), identity: z.enum(['new', 'demo']) });

export const POST = handle(async ({ request, db }) => {
  if (!sandboxPagesEnabled()) throw notFound(MSG_API_NOT_FOUND);
  const { scan_code, identity } = await readJson(request, Body);
  const confirmed = await confirmSandbox(db, { scanCode: scan_code, identity }, new Date());
  return ok({ status: confirmed.state, needs_bind: confirmed.needsBind });
});

export const ALL = allowOnly('POST');
