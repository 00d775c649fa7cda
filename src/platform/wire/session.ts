/**
 * The sign-out route (spec §7 "POST logout"), declared here rather than in the sign-in feature's
 * routes.ts because the platform's client revokes a session when it ends (revoke.ts), and
 * platform/ knows no feature; sign-in's routes name this same declaration.
 */
import { route, type NoInput } from '~/platform/wire/route';

export const SESSION_ROUTES = {
  /** Revokes the Bearer token sent; the body is empty and not read. */
  logout: route.post<NoInput, null>('/common/logout'),
};
