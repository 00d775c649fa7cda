/**
 * Demo money (issue 5): VIP plans, renter01's opening balance of 500 yuan (one ledger row, so the
 * balance equals the ledger's sum from the start), and login details for every demo listing, so
 * a newcomer can rent, pay and see the credentials at once. Each part runs only where it is
 * missing; running the seed again changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { eq, isNull, sql } from 'drizzle-orm';
import { DEMO_OPENING_BALANCE_FEN } from '../../lib/config/constants';
import { setListingCredentials } from '../services/credentials';
import { DEMO_VIP_PLANS } from '../services/vip';
import { changeBalance, isRecorded } from '../services/wallet';
import type { Db } from './client';
import { listingCredentials, listings, users, vipPlans } from './schema';

export const DEMO_OPENING_BALANCE_REF = 'demo:opening-balance';

export async function seedDemoMoney(db: Db, renterUsername: string): Promise<{ seeded: boolean }> {
  let seeded = false;
  const [plan] = await db.select({ id: vipPlans.id }).from(vipPlans).limit(1);
  if (!plan) {
    await db.insert(vipPlans).values([...DEMO_VIP_PLANS]);
    seeded = true;
  }
  const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, renterUsername));
  if (renter && !(await isRecorded(db, 'demo_credit', `${DEMO_OPENING_BALANCE_REF}:${renter.id}`))) {
    await db.transaction((tx) =>
      changeBalance(tx, { userId: renter.id, kind: 'demo_credit', amountFen: DEMO_OPENING_BALANCE_FEN, refNo: `${DEMO_OPENING_BALANCE_REF}:${renter.id}` }),
    );
    seeded = true;
  }
  const missing = await db
    .select({ id: listings.id })
    .from(listings)
    .leftJoin(listingCredentials, eq(listingCredentials.listingId, listings.id))
    .where(isNull(listingCredentials.listingId))
    .orderBy(sql`${listings.id}`);
  for (const { id } of missing) {
    // A readable demo password; real owners enter their own (listing management is a later issue).
    await setListingCredentials(db, id, `zh_demo_${id}`, `Zh${randomBytes(4).toString('hex')}`);
  }
  return { seeded: seeded || missing.length > 0 };
}
