import { apiPost } from '~/platform/client/client';

/**
 * spec §7 "POST logout": the server revokes `token`. Called after the local session has ended
 * (see signOut in auth.ts), so a 401 from an already-dead token is silent (the client reacts to
 * a 401 only while a user is present) and a network failure still leaves this browser signed out.
 */
export async function revokeOnServer(token: string): Promise<void> {
  await apiPost('/common/logout', {}, { tempToken: token }).catch(() => undefined);
}
