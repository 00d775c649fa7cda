/**
 * `npm run ledger:check` (issue 13 "a query the operator can run"): opens the configured database
 * (DATABASE_URL, or the embedded PGlite folder DATA_DIR, as the server does; stop a server that
 * runs on the embedded folder first, since PGlite lets one process hold it), checks the ledger
 * identity and prints its figures in yuan and fen. Exit status 0 when it holds, 1 when it does not,
 * 2 when the database could not be read. The SQL is `ledgerIdentity` in
 * src/features/sellers/server/settlement.ts, explained in docs/decisions.md "Ledger identity (issue 13)".
 *
 * Runs through tsx (`tsx scripts/ledger-check.ts`), like the benchmarks: the src modules it
 * imports use the `~/` path alias, which plain `node` does not resolve.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fenToYuan } from '../src/platform/rules/money';
import { closeDatabase, defaultDbConfig, openDatabase, type DbOrTx } from '../src/platform/db/client';
import { ledgerIdentity, type LedgerIdentity } from '../src/features/sellers/server/settlement';

export interface LedgerCheck {
  holds: boolean;
  identity: LedgerIdentity;
  /** The report, one line each. */
  lines: string[];
}

const money = (fen: number): string => `¥${fenToYuan(fen)} (${fen} fen)`;

/** The figures of `identity` as the operator reads them. */
export function formatLedgerIdentity(identity: LedgerIdentity): string[] {
  const accounted = identity.sellerFen + identity.commissionFen + identity.refundedFen;
  const rows: [string, string][] = [
    ['paid rentals', String(identity.orders)],
    ['rent paid by renters', money(identity.rentPaidFen)],
    ['  seller earnings', money(identity.sellerFen)],
    ['  platform commission', money(identity.commissionFen)],
    ['  refunds to renters', money(identity.refundedFen)],
    ['  earnings + commission + refunds', money(accounted)],
    ['  difference', money(identity.rentPaidFen - accounted)],
    ['rentals with a missing or stale earnings row', String(identity.mismatchedOrders)],
    ['earnings released', money(identity.releasedFen)],
    ['earning_release ledger rows', money(identity.releasedLedgerFen)],
    ['  difference', money(identity.releasedFen - identity.releasedLedgerFen)],
    ['owner charges (complaint decisions)', money(identity.ownerChargesFen)],
    ['  collected', money(identity.ownerCollectedFen)],
    ['  still owed', money(identity.ownerChargesFen - identity.ownerCollectedFen)],
    ['  clawback + penalty ledger rows', money(identity.ownerCollectedLedgerFen)],
    ['  difference', money(identity.ownerCollectedFen - identity.ownerCollectedLedgerFen)],
    ["owners' share of refunds after release", money(identity.postReleaseOwnerShareFen)],
    ['  clawback charges', money(identity.clawbackChargesFen)],
    ['  difference', money(identity.postReleaseOwnerShareFen - identity.clawbackChargesFen)],
    ['hafu prepay charged (orders)', money(identity.hafuChargedFen)],
    ['  hafu_charge ledger rows', money(identity.hafuChargeLedgerFen)],
    ['  back to renters (orders)', money(identity.hafuRefundedFen)],
    ['  hafu_refund ledger rows', money(identity.hafuRefundLedgerFen)],
    ['  paid to owners (settlements)', money(identity.hafuOwnerFen)],
    ['  hafu_settle ledger rows', money(identity.hafuSettleLedgerFen)],
    ['  still held', money(identity.hafuHeldFen)],
    ['  charged - back - owners - held', money(identity.hafuChargedFen - identity.hafuRefundedFen - identity.hafuOwnerFen - identity.hafuHeldFen)],
    ['settlements that disagree with their order', String(identity.hafuMismatched)],
    ['transfers out (transfer_out)', money(identity.transferOutFen)],
    ['  transfers in (transfer_in)', money(identity.transferInFen)],
    ['  difference', money(identity.transferOutFen - identity.transferInFen)],
    ['transfer numbers without their two rows', String(identity.unpairedTransfers)],
  ];
  const width = Math.max(...rows.map(([label]) => label.length));
  return [
    `Ledger identity: ${identity.holds ? 'HOLDS' : 'DOES NOT HOLD'}`,
    ...rows.map(([label, value]) => `${label.padEnd(width)}  ${value}`),
  ];
}

/** What the script does once the database is open (tests call it on their own database). */
export async function checkLedger(db: DbOrTx): Promise<LedgerCheck> {
  const identity = await ledgerIdentity(db);
  return { holds: identity.holds, identity, lines: formatLedgerIdentity(identity) };
}

async function main(): Promise<number> {
  try {
    const db = await openDatabase(defaultDbConfig());
    const result = await checkLedger(db);
    for (const line of result.lines) console.log(line);
    return result.holds ? 0 : 1;
  } catch (error) {
    console.error('ledger check failed:', error instanceof Error ? error.message : error);
    return 2;
  } finally {
    await closeDatabase();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
