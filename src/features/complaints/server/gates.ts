/** The gates of the complaints' endpoints (platform/http/serve.ts). */
import { signedIn, type AuthenticatedUser } from '~/features/sign-in/server';
import { requireBoundPhone } from '~/features/complaints/server/complaints';
import type { HandlerContext } from '~/platform/http/http';

/**
 * Filing a complaint: 401, then 403 code 1004 当前账号未绑定手机号 for a user without a bound phone,
 * both before the body is read, so that user is told about the phone first, not about the form.
 */
export async function signedInWithPhone(ctx: HandlerContext): Promise<AuthenticatedUser & { now: Date }> {
  const user = await signedIn(ctx);
  await requireBoundPhone(ctx.db, user.userId);
  return user;
}
