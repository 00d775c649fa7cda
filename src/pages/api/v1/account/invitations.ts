/** GET /api/v1/account/invitations (Bearer) → InvitationsOverview: the invite code, link and QR, and the people invited with what each earned. */
import { getInvitations } from '~/features/activities/server';
import { ACTIVITY_WIRE } from '~/features/activities/wire';
import { signedIn } from '~/features/sign-in/server';
import { appConfig } from '~/platform/config/config';
import { serve } from '~/platform/http/serve';

export const { GET, HEAD, ALL } = serve(ACTIVITY_WIRE.invitations, signedIn, async (ctx, _input, { userId }) => getInvitations(ctx.db, userId, appConfig().PUBLIC_BASE_URL ?? ctx.url.origin));
