/**
 * Reviews store and merchant applications until the operator console lands (issue 15):
 *
 *   npm run seller:review                       lists the applications and listings under review
 *   npm run seller:review -- approve <username>
 *   npm run seller:review -- reject <username> <reason>
 *   npm run seller:review -- approve-listing <id>
 *   npm run seller:review -- reject-listing <id> <reason>
 *
 * Opens the configured database (DATABASE_URL, or the embedded one in DATA_DIR: stop `npm start`
 * first, PGlite allows one process) and goes through the same service the console will use.
 */
import { asc, eq } from 'drizzle-orm';
import { closeDatabase, defaultDbConfig, openDatabase } from '../src/server/db/client';
import { listings, sellerCertifications, shops, users } from '../src/server/db/schema';
import { isAppError } from '../src/server/errors';
import { decideListingReview } from '../src/server/services/seller-listings';
import { decideCertification } from '../src/server/services/sellers';

const [command = 'list', username, ...reasonWords] = process.argv.slice(2);
const db = await openDatabase(defaultDbConfig());
try {
  if (command === 'list') {
    const rows = await db
      .select({ username: users.username, certType: sellerCertifications.certType, shopName: sellerCertifications.shopName, details: sellerCertifications.details, submittedAt: sellerCertifications.submittedAt })
      .from(sellerCertifications)
      .innerJoin(users, eq(users.id, sellerCertifications.userId))
      .where(eq(sellerCertifications.state, 'submitted'))
      .orderBy(asc(sellerCertifications.submittedAt));
    if (rows.length === 0) console.log('no applications under review');
    for (const row of rows) console.log(JSON.stringify(row));
    const pending = await db
      .select({ id: listings.id, shop: shops.name, title: listings.title, rentalFen: listings.rentalFen, updatedAt: listings.updatedAt })
      .from(listings)
      .innerJoin(shops, eq(shops.id, listings.shopId))
      .where(eq(listings.reviewStatus, 'pending'))
      .orderBy(asc(listings.updatedAt));
    if (pending.length === 0) console.log('no listings under review');
    for (const row of pending) console.log(JSON.stringify(row));
  } else if ((command === 'approve-listing' || command === 'reject-listing') && username && /^\d{1,9}$/.test(username)) {
    const decision = command === 'approve-listing' ? ({ approve: true } as const) : ({ approve: false, reason: reasonWords.join(' ') } as const);
    console.log(JSON.stringify(await decideListingReview(db, Number(username), decision, new Date())));
  } else if ((command === 'approve' || command === 'reject') && username) {
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
    if (!user) throw new Error(`no user ${username}`);
    const decision = command === 'approve' ? ({ approve: true } as const) : ({ approve: false, reason: reasonWords.join(' ') } as const);
    console.log(JSON.stringify(await decideCertification(db, user.id, decision, new Date())));
  } else {
    console.error('usage: npm run seller:review [-- approve <username> | reject <username> <reason> | approve-listing <id> | reject-listing <id> <reason>]');
    process.exitCode = 2;
  }
} catch (error) {
  console.error(isAppError(error) || error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
