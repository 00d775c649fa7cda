/**
 * 转账 (spec §7 common "transfer"; docs/decisions.md "Transfer and contract signing"): balance
 * from the signed-in user's wallet to another user's, named by the receiver's bound phone.
 *
 * One transaction: both wallet rows locked in user-id order (lockWallets, as every two-wallet
 * path takes them), today's transfers read under the sender's lock so two at once cannot both
 * pass the daily limit, then two ledger rows with one number: transfer_out (−) for the sender and
 * transfer_in (+) for the receiver. (kind, ref_no) is unique, so each side exists once; the ledger
 * identity (sellers/server/settlement.ts) holds the two sides equal.
 *
 * The endpoint checks the pay password before this runs (a wrong try always counts) and wraps it
 * in the idempotency record, so a retried request answers the first transfer.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { requireRealName, maskMobile } from '~/features/account/server';
import { newNumber } from '~/features/orders/server';
import type { TransferResult } from '~/features/wallet/contract/money';
import { transferRefusal } from '~/features/wallet/rules/transfer';
import { changeBalance, lockWallets } from '~/features/wallet/server/wallet';
import type { DbTx } from '~/platform/db/client';
import { users, walletLedger } from '~/platform/db/schema';
import { badRequest, notFound } from '~/platform/http/errors';
import { fenToYuan } from '~/platform/rules/money';
import { shanghaiMidnight } from '~/platform/rules/shanghai-time';

export const MSG_TRANSFER_NO_RECEIVER = '收款账号不存在，请核对手机号';

export interface TransferInput {
  toMobile: string;
  amountFen: number;
}


/** What the sender has sent since the start of today in Shanghai, fen. */
async function sentToday(tx: DbTx, userId: number, now: Date): Promise<number> {
  const [row] = await tx
    .select({ sent: sql<string>`coalesce(-sum(${walletLedger.amountFen}), 0)` })
    .from(walletLedger)
    .where(and(eq(walletLedger.userId, userId), eq(walletLedger.kind, 'transfer_out'), gte(walletLedger.createdAt, shanghaiMidnight(now))));
  return Number(row?.sent ?? 0);
}

/**
 * Moves `amountFen` from `senderId` to the active user whose phone is `toMobile`. 404 when no
 * such user; 403 code 1003 before the sender's real-name verification; 400 for oneself or an
 * amount outside the limits; 409 code 1005 when the balance does not cover it.
 */
export async function transferBalance(tx: DbTx, senderId: number, input: TransferInput, now: Date): Promise<TransferResult> {
  const [receiver] = await tx
    .select({ id: users.id, mobile: users.mobile, nickname: users.nickname })
    .from(users)
    .where(and(eq(users.mobile, input.toMobile), eq(users.status, 'active')))
    .limit(1);
  if (!receiver) throw notFound(MSG_TRANSFER_NO_RECEIVER);
  // Money leaves only a verified identity (spec §6 asks it before renting or recharging).
  await requireRealName(tx, senderId);
  await lockWallets(tx, [senderId, receiver.id]);
  const refusal = transferRefusal({ amountFen: input.amountFen, senderId, receiverId: receiver.id, sentTodayFen: await sentToday(tx, senderId, now) });
  if (refusal) throw badRequest(refusal);

  const transferNo = newNumber('transfer', now);
  const balanceFen = await changeBalance(tx, { userId: senderId, kind: 'transfer_out', amountFen: -input.amountFen, refNo: transferNo });
  await changeBalance(tx, { userId: receiver.id, kind: 'transfer_in', amountFen: input.amountFen, refNo: transferNo });
  return {
    transfer_no: transferNo,
    amount: fenToYuan(input.amountFen),
    amount_fen: input.amountFen,
    balance: fenToYuan(balanceFen),
    balance_fen: balanceFen,
    to_mobile: maskMobile(receiver.mobile) ?? '',
    to_nickname: receiver.nickname,
    created_at: now.toISOString(),
  };
}
