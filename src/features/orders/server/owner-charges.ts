/**
 * What listings' owners owe the platform because of complaint decisions (the rule is
 * features/complaints/rules/complaint-decision.ts): the owner's share of a refund decided after their earnings were
 * released (clawback), and penalties. A charge is taken from the owner's wallet as far as the
 * balance covers it, one ledger row per collection (refund_clawback / complaint_penalty); a wallet
 * never goes below zero, so what is left stays owed and is collected from the owner's next
 * earnings releases (releaseDueEarnings calls collectOwnerCharges), oldest charge first.
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { collectFromBalance } from '~/features/complaints/rules/complaint-decision';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { ownerCharges, type LedgerKind, type OwnerChargeKind } from '~/platform/db/schema';
import { changeBalance, readWallet } from '~/features/wallet/server';

const LEDGER_KIND_OF: Readonly<Record<OwnerChargeKind, LedgerKind>> = { clawback: 'refund_clawback', penalty: 'complaint_penalty' };

/** The ledger ref of a collection made by the decision itself: the complained-about order and the charge. */
export const chargeRefAtDecision = (orderNo: string, chargeId: number): string => `${orderNo}-K${chargeId}`;
/** The ledger ref of a collection made by a later earnings release (each order is released once). */
export const chargeRefAtRelease = (chargeId: number, releaseOrderNo: string): string => `K${chargeId}@${releaseOrderNo}`;

export interface NewOwnerCharge {
  sellerUserId: number;
  complaintId: number;
  orderId: number;
  orderNo: string;
  kind: OwnerChargeKind;
  amountFen: number;
  /** Taken from the owner's wallet now (≤ amount and ≤ the balance: the decision's rule says how much). */
  collectNowFen: number;
}

/** Records a charge inside the decision's transaction and collects `collectNowFen` of it at once. */
export async function chargeOwner(tx: DbTx, charge: NewOwnerCharge, now: Date): Promise<number> {
  const settled = charge.collectNowFen === charge.amountFen;
  const [row] = await tx
    .insert(ownerCharges)
    .values({
      sellerUserId: charge.sellerUserId,
      complaintId: charge.complaintId,
      orderId: charge.orderId,
      kind: charge.kind,
      amountFen: charge.amountFen,
      collectedFen: charge.collectNowFen,
      createdAt: now,
      settledAt: settled ? now : null,
    })
    .returning({ id: ownerCharges.id });
  if (charge.collectNowFen > 0) {
    await changeBalance(tx, { userId: charge.sellerUserId, kind: LEDGER_KIND_OF[charge.kind], amountFen: -charge.collectNowFen, refNo: chargeRefAtDecision(charge.orderNo, row!.id) });
  }
  return row!.id;
}

/** Of `sellerUserIds`, those who owe anything (one look at the partial index of outstanding charges). */
export async function ownersWithCharges(db: DbOrTx, sellerUserIds: readonly number[]): Promise<Set<number>> {
  if (sellerUserIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ sellerUserId: ownerCharges.sellerUserId })
    .from(ownerCharges)
    .where(and(inArray(ownerCharges.sellerUserId, [...new Set(sellerUserIds)]), lt(ownerCharges.collectedFen, ownerCharges.amountFen)));
  return new Set(rows.map((row) => row.sellerUserId));
}

/**
 * Collects what `sellerUserId` owes from their balance, oldest charge first, right after an earnings
 * release credited it (call it in the release's transaction, after the credit: the wallet row is
 * then already locked by it). Returns the fen collected.
 */
export async function collectOwnerCharges(tx: DbTx, sellerUserId: number, releaseOrderNo: string, now: Date): Promise<number> {
  const outstanding = await tx
    .select()
    .from(ownerCharges)
    .where(and(eq(ownerCharges.sellerUserId, sellerUserId), lt(ownerCharges.collectedFen, ownerCharges.amountFen)))
    .orderBy(asc(ownerCharges.id))
    .for('update');
  if (outstanding.length === 0) return 0;
  const { balanceFen } = await readWallet(tx, sellerUserId);
  const takes = collectFromBalance(
    outstanding.map((charge) => charge.amountFen - charge.collectedFen),
    balanceFen,
  );
  let collected = 0;
  for (const [index, charge] of outstanding.entries()) {
    const take = takes[index]!;
    if (take === 0) continue;
    await changeBalance(tx, { userId: sellerUserId, kind: LEDGER_KIND_OF[charge.kind], amountFen: -take, refNo: chargeRefAtRelease(charge.id, releaseOrderNo) });
    const done = charge.collectedFen + take === charge.amountFen;
    await tx
      .update(ownerCharges)
      .set({ collectedFen: sql`${ownerCharges.collectedFen} + ${take}`, ...(done ? { settledAt: now } : {}) })
      .where(eq(ownerCharges.id, charge.id));
    collected += take;
  }
  return collected;
}

export interface OwnerChargesSummary {
  chargedFen: number;
  collectedFen: number;
  /** Still owed: collected from the next earnings releases. */
  owedFen: number;
  penaltiesFen: number;
}

export async function ownerChargesSummary(db: DbOrTx, sellerUserId: number): Promise<OwnerChargesSummary> {
  const [row] = await db
    .select({
      charged: sql<string>`coalesce(sum(${ownerCharges.amountFen}), 0)`,
      collected: sql<string>`coalesce(sum(${ownerCharges.collectedFen}), 0)`,
      penalties: sql<string>`coalesce(sum(${ownerCharges.amountFen}) filter (where ${ownerCharges.kind} = 'penalty'), 0)`,
    })
    .from(ownerCharges)
    .where(eq(ownerCharges.sellerUserId, sellerUserId));
  const chargedFen = Number(row?.charged ?? 0);
  const collectedFen = Number(row?.collected ?? 0);
  return { chargedFen, collectedFen, owedFen: chargedFen - collectedFen, penaltiesFen: Number(row?.penalties ?? 0) };
}
