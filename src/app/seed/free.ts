/**
 * Demo free offers for /free (spec §7 free group). Deterministic: every Nth listing that is
 * listed and not rented, in id order, so the offers spread over the games (listings are seeded game
 * by game) and are all active when seeded. The window runs from 7 days before `now` to 30 days
 * after, so a demo started later still shows them for a month.
 */
import { asc, sql } from 'drizzle-orm';
import type { Db } from '~/platform/db/client';
import { freeOffers, listings } from '~/platform/db/schema';

/** How many demo offers to make (fewer when the catalogue is smaller). */
export const DEMO_FREE_OFFER_COUNT = 12;
const DAY_MS = 86_400_000;
const WINDOW_BEFORE_DAYS = 7;
const WINDOW_AFTER_DAYS = 30;

/** The demo offers, unless any free offer exists (so running it again changes nothing). */
export async function seedDemoFreeOffers(db: Db, now: Date): Promise<{ seeded: boolean }> {
  return db.transaction(async (tx) => {
    // Serialises two seeders (the check below then sees the other's rows).
    await tx.execute(sql`lock table ${freeOffers} in share row exclusive mode`);
    const [existing] = await tx.select({ id: freeOffers.id }).from(freeOffers).limit(1);
    if (existing) return { seeded: false };

    const candidates = await tx
      .select({ id: listings.id })
      .from(listings)
      .where(sql`${listings.isListed} and not ${listings.isRented}`)
      .orderBy(asc(listings.id));
    if (candidates.length === 0) return { seeded: false };
    const step = Math.max(1, Math.floor(candidates.length / DEMO_FREE_OFFER_COUNT));
    const chosen = candidates.filter((_, index) => index % step === 0).slice(0, DEMO_FREE_OFFER_COUNT);

    const startsAt = new Date(now.getTime() - WINDOW_BEFORE_DAYS * DAY_MS);
    const endsAt = new Date(now.getTime() + WINDOW_AFTER_DAYS * DAY_MS);
    await tx.insert(freeOffers).values(
      chosen.map((listing, index) => ({ listingId: listing.id, freeHours: index % 3 === 0 ? 2 : 1, startsAt, endsAt })),
    );
    return { seeded: true };
  });
}
