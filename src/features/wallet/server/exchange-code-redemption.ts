/**
 * Redeeming an exchange code (spec §7 account "exchange code"; "exchange codes (redeem to
 * red envelopes or gold coins)"). The console makes the codes (services/ops/exchange-codes.ts).
 *
 * Exactly once, whatever races: the user's wallet row is locked first, so one user's redemptions
 * run one after another (the "already redeemed" and per-user checks cannot race); a use of the code
 * is then claimed by one conditional UPDATE (uses < max_uses, also the database's check), so of two
 * users racing for the last use one gets the row and the other finds it used up; the unique
 * (code, user) index is the last word on "once per user". The reward (a template's envelope under
 * the template's own limits, or gold coins through the coin ledger) is given in the same
 * transaction, so a refused reward leaves the code unused.
 *
 * Attempts, right or wrong, are rate limited per user and per address in the database, before
 * anything is looked up; with 79-bit codes guessing is hopeless anyway, and the limit keeps it so.
 */
import { and, count, eq, lt, sql } from 'drizzle-orm';
import { COUPON_TYPE_FREE_RENTAL } from '~/platform/config/constants';
import { EXCHANGE_CODE_ATTEMPT_WINDOW_S, EXCHANGE_CODE_ATTEMPTS_PER_IP, EXCHANGE_CODE_ATTEMPTS_PER_USER } from '~/features/wallet/constants';
import { EXCHANGE_REFUSAL_MESSAGES, MSG_EXCHANGE_CODE_INVALID, MSG_EXCHANGE_CODE_TOO_MANY, MSG_EXCHANGE_RED_PACKET_HELD, type ExchangeCodeRedemption } from '~/features/wallet/contract/exchange-code';
import { normalizeExchangeCode, redemptionRefusal } from '~/features/wallet/rules/exchange-code';
import type { Db } from '~/platform/db/client';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import { exchangeCodeBatches, exchangeCodeRedemptions, exchangeCodes, wallets } from '~/platform/db/schema';
import { badRequest, conflict } from '~/platform/http/errors';
import { creditGoldCoins, GOLD_KIND } from '~/features/wallet/server/gold-coins';
import { exchangeCodeHash, EXCHANGE_CODE_RED_PACKET_SOURCE, TemplateRefused, issueTemplateToUser } from '~/features/campaigns/server';
import { enforceRateLimits } from '~/platform/db/rate-limit';
import { reshapeRedPacket } from '~/features/wallet/server/red-packets';
import { ensureWallet } from '~/features/wallet/server/wallet';

/** Thrown inside the transaction to roll it back with the user's message. */
const refused = (message: string) => conflict(message);

/** POST account/exchangeCode. `ip` is the caller's address (rate limit). */
export async function redeemExchangeCode(db: Db, userId: number, rawCode: string, ip: string, now: Date): Promise<ExchangeCodeRedemption> {
  await enforceRateLimits(
    db,
    [
      { bucket: `exchange_code:user:${userId}`, limit: EXCHANGE_CODE_ATTEMPTS_PER_USER, windowS: EXCHANGE_CODE_ATTEMPT_WINDOW_S },
      { bucket: `exchange_code:ip:${ip}`, limit: EXCHANGE_CODE_ATTEMPTS_PER_IP, windowS: EXCHANGE_CODE_ATTEMPT_WINDOW_S },
    ],
    now,
    MSG_EXCHANGE_CODE_TOO_MANY,
  );
  const canonical = normalizeExchangeCode(rawCode);
  if (!canonical) throw badRequest(MSG_EXCHANGE_CODE_INVALID);
  const codeHash = exchangeCodeHash(canonical);

  try {
    return await db.transaction(async (tx) => {
      // One user's redemptions, one at a time (the same lock the coin ledger takes).
      await ensureWallet(tx, userId);
      await tx.update(wallets).set({ updatedAt: now }).where(eq(wallets.userId, userId));

      const [found] = await tx
        .select({ code: exchangeCodes, batch: exchangeCodeBatches })
        .from(exchangeCodes)
        .innerJoin(exchangeCodeBatches, eq(exchangeCodeBatches.id, exchangeCodes.batchId))
        .where(eq(exchangeCodes.codeHash, codeHash));
      if (!found) throw badRequest(MSG_EXCHANGE_CODE_INVALID);
      const { code, batch } = found;

      const [[mine], [inBatch]] = [
        await tx.select({ n: count() }).from(exchangeCodeRedemptions).where(and(eq(exchangeCodeRedemptions.codeId, code.id), eq(exchangeCodeRedemptions.userId, userId))),
        await tx.select({ n: count() }).from(exchangeCodeRedemptions).where(and(eq(exchangeCodeRedemptions.batchId, batch.id), eq(exchangeCodeRedemptions.userId, userId))),
      ];
      const refusal = redemptionRefusal({
        batchDisabled: batch.disabledAt !== null,
        expiresAt: batch.expiresAt,
        now,
        uses: code.uses,
        maxUses: code.maxUses,
        redeemedByUser: Number(mine?.n ?? 0) > 0,
        userRedemptionsInBatch: Number(inBatch?.n ?? 0),
        perUserLimit: batch.perUserLimit,
      });
      if (refusal) throw refused(EXCHANGE_REFUSAL_MESSAGES[refusal]);

      // Claim one use. Two users racing queue on this row; the second re-reads it after the first
      // commits and matches nothing when the last use is gone.
      const claimed = await tx
        .update(exchangeCodes)
        .set({ uses: sql`${exchangeCodes.uses} + 1` })
        .where(and(eq(exchangeCodes.id, code.id), lt(exchangeCodes.uses, exchangeCodes.maxUses)))
        .returning({ uses: exchangeCodes.uses });
      if (claimed.length === 0) throw refused(EXCHANGE_REFUSAL_MESSAGES.used_up);

      let redemptionId: number;
      try {
        const [row] = await tx.insert(exchangeCodeRedemptions).values({ codeId: code.id, batchId: batch.id, userId, createdAt: now }).returning({ id: exchangeCodeRedemptions.id });
        redemptionId = row!.id;
      } catch (error) {
        if (violatedUniqueConstraint(error) !== null) throw refused(EXCHANGE_REFUSAL_MESSAGES.already_redeemed);
        throw error;
      }

      if (batch.rewardKind === 'gold') {
        const coins = batch.goldCoins!;
        const balance = await creditGoldCoins(
          tx,
          { userId, amount: coins, kind: GOLD_KIND.exchangeCode, refNo: String(code.id), duplicateMsg: EXCHANGE_REFUSAL_MESSAGES.already_redeemed },
          now,
        );
        await tx.update(exchangeCodeRedemptions).set({ goldCoins: coins }).where(eq(exchangeCodeRedemptions.id, redemptionId));
        return { reward_kind: 'gold', message: `兑换成功，获得 ${coins} 金币`, red_packet: null, gold_coins: coins, coins_balance: balance };
      }
      const packet = await issueTemplateToUser(tx, batch.templateId!, userId, EXCHANGE_CODE_RED_PACKET_SOURCE, now);
      await tx.update(exchangeCodeRedemptions).set({ redPacketId: packet.id }).where(eq(exchangeCodeRedemptions.id, redemptionId));
      // A free-rental coupon is no couponsInfo envelope: it is named, and listed by GET free/coupons.
      if (packet.type === COUPON_TYPE_FREE_RENTAL) {
        return { reward_kind: 'red_packet', message: `兑换成功，获得免费租号券「${packet.name}」`, red_packet: null, gold_coins: null, coins_balance: null };
      }
      return { reward_kind: 'red_packet', message: `兑换成功，获得红包「${packet.name}」`, red_packet: reshapeRedPacket(packet, now), gold_coins: null, coins_balance: null };
    });
  } catch (error) {
    if (error instanceof TemplateRefused) {
      throw conflict(error.refusal === 'user_limit' ? MSG_EXCHANGE_RED_PACKET_HELD : EXCHANGE_REFUSAL_MESSAGES[error.refusal], { cause: error });
    }
    throw error;
  }
}
