/** GET /api/v1/account/invitations (Bearer) → InvitationsOverview: the invite code, link and QR, and the people invited with what each earned. */
import { requireUser } from '~/features/sign-in/server/auth-gate';
import { appConfig } from '~/platform/config/config';
import { allowOnly, headOf, handle, ok } from '~/platform/http/http';
import { getInvitations } from '~/features/activities/server/invitations';

export const GET = handle(async (ctx) => {
  const { userId } = await requireUser(ctx, new Date());
  return ok(await getInvitations(ctx.db, userId, appConfig().PUBLIC_BASE_URL ?? ctx.url.origin));
});

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
