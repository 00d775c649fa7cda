/**
 * spec §3: "The invite code is also kept locally". A link's `?invite=` wins and is kept in
 * localStorage 'inviteCode', so a visitor who arrives by a link and registers later still
 * credits the inviter.
 */
export const INVITE_CODE_KEY = 'inviteCode';
export const INVITE_QUERY_PARAM = 'invite';
/** Ours: the spec sets no format; anything longer or with odd characters is ignored. */
const INVITE_CODE_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/** The invite code from the URL's query (kept for later) or else from storage; '' when none. */
export function captureInviteCode(search: string, store: Storage | null): string {
  const fromLink = new URLSearchParams(search).get(INVITE_QUERY_PARAM)?.trim() ?? '';
  if (INVITE_CODE_PATTERN.test(fromLink)) {
    try {
      store?.setItem(INVITE_CODE_KEY, fromLink);
    } catch {
      // blocked storage: the link's code is still used for this visit
    }
    return fromLink;
  }
  const kept = store?.getItem(INVITE_CODE_KEY)?.trim() ?? '';
  return INVITE_CODE_PATTERN.test(kept) ? kept : '';
}
