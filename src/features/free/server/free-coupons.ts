/**
 * Free-rental coupons (免费租号券; spec §1 "use free-rental coupons", §7 free "coupons";
 * docs/decisions.md "Free-rental coupons"). A coupon is a red_packets row of type 3 with
 * `free_hours`, issued by an operator's red-envelope template of that type (a console grant or an
 * exchange code), so the campaigns' limits, usage and messages hold for it unchanged.
 *
 * Used exactly once: a free order claims its coupon with one guarded UPDATE (the caller's, type 3,
 * unused, not expired) in the order's own transaction, so of two requests naming one coupon the
 * second re-reads the row after the first commits and matches nothing; an order that then fails
 * (the window taken, 409 code 1006) rolls the claim back with it.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { COUPON_TYPE_FREE_RENTAL, RED_PACKET_STATUS } from '~/platform/config/constants';
import { FREE_COUPONS_MAX, MSG_FREE_COUPON_EXPIRED, MSG_FREE_COUPON_NOT_FOUND, MSG_FREE_COUPON_USED } from '~/features/free/constants';
import type { FreeCoupon } from '~/features/free/contract/free';
import { freeCouponRefusal, type FreeCouponRefusal } from '~/features/free/rules/free-coupon';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { redPackets } from '~/platform/db/schema';
import { conflict, notFound, type AppError } from '~/platform/http/errors';

/** The caller's coupons usable at `now`: type 3, unused, expires_at after now. */
function usableCouponsOf(userId: number, now: Date) {
  return and(eq(redPackets.userId, userId), eq(redPackets.type, COUPON_TYPE_FREE_RENTAL), eq(redPackets.status, RED_PACKET_STATUS.unused), gt(redPackets.expiresAt, now))!;
}

/** GET free/coupons: the usable coupons, soonest to expire first (the one to spend before it is lost leads). */
export async function listFreeCoupons(db: DbOrTx, userId: number, now: Date): Promise<FreeCoupon[]> {
  const rows = await db
    .select({ id: redPackets.id, name: redPackets.name, hours: redPackets.freeHours, receivedAt: redPackets.receivedAt, expiresAt: redPackets.expiresAt })
    .from(redPackets)
    .where(usableCouponsOf(userId, now))
    .orderBy(asc(redPackets.expiresAt), asc(redPackets.id))
    .limit(FREE_COUPONS_MAX);
  return rows.map((row) => ({ id: row.id, name: row.name, hours: row.hours!, received_at: row.receivedAt.toISOString(), expires_at: row.expiresAt.toISOString() }));
}

/** Whether the user holds any usable coupon (to word the day's refusal). */
export async function holdsFreeCoupon(db: DbOrTx, userId: number, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: redPackets.id }).from(redPackets).where(usableCouponsOf(userId, now)).limit(1);
  return row !== undefined;
}

const REFUSALS: Readonly<Record<FreeCouponRefusal, () => AppError>> = {
  missing: () => notFound(MSG_FREE_COUPON_NOT_FOUND),
  used: () => conflict(MSG_FREE_COUPON_USED),
  expired: () => conflict(MSG_FREE_COUPON_EXPIRED),
};

/**
 * Marks the user's coupon used inside `tx` and answers its hours, or refuses (404 not the caller's,
 * 409 used, 409 expired) without writing anything.
 */
export async function claimFreeCoupon(tx: DbTx, userId: number, couponId: number, now: Date): Promise<{ id: number; hours: number }> {
  const [claimed] = await tx
    .update(redPackets)
    .set({ status: RED_PACKET_STATUS.used, usedAt: now })
    .where(and(eq(redPackets.id, couponId), usableCouponsOf(userId, now)))
    .returning({ id: redPackets.id, hours: redPackets.freeHours });
  if (claimed) return { id: claimed.id, hours: claimed.hours! };
  // Nothing matched: read the row (as it is now) to say why.
  const [row] = await tx
    .select({ userId: redPackets.userId, type: redPackets.type, status: redPackets.status, expiresAt: redPackets.expiresAt })
    .from(redPackets)
    .where(eq(redPackets.id, couponId));
  throw REFUSALS[freeCouponRefusal(row ?? null, userId, now) ?? 'used']();
}
