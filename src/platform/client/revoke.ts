import { call } from '~/platform/client/client';
import { SESSION_ROUTES } from '~/platform/wire/session';

/**
 * spec §7 "POST logout": the server revokes `token`. Called after the local session has ended
 * (see signOut in auth.ts), so a 401 from an already-dead token is silent (the client reacts to
 * a 401 only while a user is present) and a network failure still leaves this browser signed out.
 */
export async function revokeOnServer(token: string): Promise<void> {
  await call(SESSION_ROUTES.logout, {}, { tempToken: token }).catch(() => undefined);
}
