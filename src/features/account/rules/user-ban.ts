/**
 * Whether an operator's ban holds at a moment: from when it was set until an operator
 * lifts it, or, for a timed ban, until its end. The money sweep lifts ended timed bans within
 * ORDER_SWEEP_INTERVAL_MS; sign-in and token checks read this rule so a user is let in at the end
 * itself, not up to one sweep later.
 */
export interface BanState {
  bannedAt: Date | null;
  bannedUntil: Date | null;
}

export function banInEffect(ban: BanState, now: Date): boolean {
  if (!ban.bannedAt) return false;
  return !ban.bannedUntil || ban.bannedUntil.getTime() > now.getTime();
}
