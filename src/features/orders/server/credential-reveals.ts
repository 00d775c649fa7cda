/**
 * The login-details access log ("the order's timeline and login details access log"):
 * one row each time a listing's login details are revealed, to the renter during a rental
 * (order/credentials) or to the owner by their explicit call (seller/listings/credentials). The
 * arbitration screen shows it as evidence: did the renter ever open the details, did the owner look
 * during the rental? The table is append-only (migration complaint_arbitration_custom).
 */
import { and, asc, eq, gte, lte, or } from 'drizzle-orm';
import { MS_PER_HOUR } from '~/platform/config/constants';
import { OWNER_REVEAL_EVIDENCE_AFTER_END_HOURS } from '~/features/orders/constants';
import type { DbOrTx } from '~/platform/db/client';
import { credentialReveals, type CredentialViewer } from '~/platform/db/schema';

/** Where a reveal came from: the request's address and browser. */
export interface RevealSource {
  ip: string | null;
  userAgent: string | null;
}

const USER_AGENT_MAX = 256;
const IP_MAX = 64;

/** The request's address (clientIp) and user agent, cut to the columns. */
export function revealSource(ip: string | null, request: Request): RevealSource {
  return { ip: ip?.slice(0, IP_MAX) ?? null, userAgent: request.headers.get('user-agent')?.slice(0, USER_AGENT_MAX) ?? null };
}

export interface Reveal {
  listingId: number;
  /** The rental it was revealed for: set for the renter, null for the owner. */
  orderId: number | null;
  userId: number;
  viewer: CredentialViewer;
}

export async function recordReveal(db: DbOrTx, reveal: Reveal, source: RevealSource, now: Date): Promise<void> {
  await db.insert(credentialReveals).values({ ...reveal, ip: source.ip, userAgent: source.userAgent, createdAt: now });
}

export interface RevealRow {
  at: Date;
  viewer: CredentialViewer;
  userId: number;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The reveals that bear on one rental: the renter's for this order, and the owner's own looks at
 * the listing from payment until OWNER_REVEAL_EVIDENCE_AFTER_END_HOURS after the rental ended (or
 * now, while it runs). Oldest first; at most `limit`.
 */
export async function revealsForOrder(
  db: DbOrTx,
  order: { id: number; listingId: number; paidAt: Date | null; endedAt: Date | null },
  now: Date,
  limit = 200,
): Promise<RevealRow[]> {
  const from = order.paidAt ?? now;
  const to = order.endedAt ? new Date(Math.min(now.getTime(), order.endedAt.getTime() + OWNER_REVEAL_EVIDENCE_AFTER_END_HOURS * MS_PER_HOUR)) : now;
  const rows = await db
    .select()
    .from(credentialReveals)
    .where(
      or(
        eq(credentialReveals.orderId, order.id),
        and(eq(credentialReveals.listingId, order.listingId), eq(credentialReveals.viewer, 'owner'), gte(credentialReveals.createdAt, from), lte(credentialReveals.createdAt, to)),
      ),
    )
    .orderBy(asc(credentialReveals.createdAt), asc(credentialReveals.id))
    .limit(limit);
  return rows.map((row) => ({ at: row.createdAt, viewer: row.viewer, userId: row.userId, ip: row.ip, userAgent: row.userAgent }));
}
