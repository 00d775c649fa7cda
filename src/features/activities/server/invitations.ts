/**
 * Invitations (推广 account_extension; docs/decisions.md "Invitations and activities
 *"). A registration with an invite code writes an invitation row with the facts the
 * anti-abuse rule reads; when the invitee's first paid rental ends the sweep decides it once:
 * INVITE_REWARD_COINS gold coins to the inviter (one ledger row, ref invitee-<id>, unique) and a
 * lottery chance, or refused with the rule's reason.
 */
import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { NEWUSER_ACTIVITY, MS_PER_DAY, ORDER_STATUS } from '~/platform/config/constants';
import { INVITE_REFUSALS, INVITE_REWARD_COINS, LOTTERY_CHANCE_SOURCES, NEWUSER_RANKING_PRIZE_DELAY_DAYS, NEWUSER_RANKING_PRIZES, NEWUSER_RANKING_SIZE } from '~/features/activities/constants';
import type { InvitationsOverview, RankingAnswer } from '~/features/activities/contract';
import { competitionRanks, judgeInvitation, maskInvitee, rankPrizeCoins, type InviteeFacts } from '~/features/activities/rules/invitations';
import { formatShanghaiDate, shanghaiClock } from '~/platform/rules/shanghai-time';
import type { Db, DbOrTx, DbTx } from '~/platform/db/client';
import { goldCoinLedger, invitations, lotteryChances, orders, users, type InvitationRow } from '~/platform/db/schema';
import { AppError } from '~/platform/http/errors';
import { creditGoldCoins, GOLD_KIND } from '~/features/wallet/server';

export const phoneHash = (mobile: string): string => createHash('sha256').update(mobile, 'utf8').digest('hex');

const FINGERPRINT_MAX = 128;
const clean = (value: string | null | undefined, max: number): string | null => {
  const trimmed = value?.replace(/\0/g, '').trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, max);
};

export interface NewInvitation {
  inviterUserId: number;
  inviteeUserId: number;
  mobile: string | null;
  fingerprint?: string | null;
  ip?: string | null;
}

/** In the registration's transaction: the invitation row and the new user's register draw chance. */
export async function recordInvitation(tx: DbTx, input: NewInvitation, now: Date): Promise<void> {
  if (input.inviterUserId === input.inviteeUserId) return;
  await tx
    .insert(invitations)
    .values({
      inviterUserId: input.inviterUserId,
      inviteeUserId: input.inviteeUserId,
      phoneHash: input.mobile ? phoneHash(input.mobile) : null,
      fingerprint: clean(input.fingerprint, FINGERPRINT_MAX),
      registerIp: clean(input.ip, 64),
      createdAt: now,
    })
    .onConflictDoNothing();
  await grantChance(tx, input.inviteeUserId, LOTTERY_CHANCE_SOURCES.register, `user-${input.inviteeUserId}`, now);
}

/** One draw chance for (user, source, ref), once. */
export async function grantChance(tx: DbOrTx, userId: number, source: string, refNo: string, now: Date, activity: string = NEWUSER_ACTIVITY): Promise<void> {
  await tx.insert(lotteryChances).values({ userId, activity, source, refNo, createdAt: now }).onConflictDoNothing();
}

const factsOf = (row: Pick<InvitationRow, 'phoneHash' | 'fingerprint' | 'registerIp' | 'createdAt'>): InviteeFacts => ({
  phoneHash: row.phoneHash,
  fingerprint: row.fingerprint,
  ip: row.registerIp,
  registeredAt: row.createdAt,
});

/** The invitee's first rental that pays the inviter: paid with money (pay_fen > 0) and finished. */
function rewardingRentalOf(db: DbOrTx, inviteeUserId: number) {
  return db
    .select({ orderNo: orders.orderNo })
    .from(orders)
    .where(and(eq(orders.userId, inviteeUserId), eq(orders.kind, 'rental'), eq(orders.status, ORDER_STATUS.finished), sql`${orders.payFen} > 0`))
    .orderBy(asc(orders.finishedAt), asc(orders.id))
    .limit(1);
}

/** Decides one pending invitation whose invitee has a finished paid rental; answers whether it paid. */
async function decide(db: Db, invitationId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(invitations).where(eq(invitations.id, invitationId)).for('update');
    if (!row || row.status !== 'pending') return false;
    const [rental] = await rewardingRentalOf(tx, row.inviteeUserId);
    if (!rental) return false;
    const [inviter] = await tx.select({ mobile: users.mobile }).from(users).where(eq(users.id, row.inviterUserId));
    const [asInvitee] = await tx.select({ fingerprint: invitations.fingerprint }).from(invitations).where(eq(invitations.inviteeUserId, row.inviterUserId));
    const earlier = await tx
      .select({ phoneHash: invitations.phoneHash, fingerprint: invitations.fingerprint, registerIp: invitations.registerIp, createdAt: invitations.createdAt })
      .from(invitations)
      .where(and(eq(invitations.inviterUserId, row.inviterUserId), lt(invitations.id, row.id)));
    const [paidBefore] = row.phoneHash
      ? await tx
          .select({ id: invitations.id })
          .from(invitations)
          .where(and(eq(invitations.phoneHash, row.phoneHash), eq(invitations.status, 'rewarded'), ne(invitations.id, row.id)))
          .limit(1)
      : [];
    const refusal = judgeInvitation({
      invitee: factsOf(row),
      inviterPhoneHash: inviter?.mobile ? phoneHash(inviter.mobile) : null,
      inviterFingerprints: asInvitee?.fingerprint ? [asInvitee.fingerprint] : [],
      phoneRewardedBefore: paidBefore !== undefined,
      earlier: earlier.map(factsOf),
    });
    if (refusal !== null) {
      await tx.update(invitations).set({ status: 'refused', refuseReason: refusal, orderNo: rental.orderNo, decidedAt: now }).where(eq(invitations.id, row.id));
      return false;
    }
    await creditGoldCoins(
      tx,
      { userId: row.inviterUserId, amount: INVITE_REWARD_COINS, kind: GOLD_KIND.invite, refNo: `invitee-${row.inviteeUserId}`, duplicateMsg: '邀请奖励已发放' },
      now,
    );
    await grantChance(tx, row.inviterUserId, LOTTERY_CHANCE_SOURCES.invite, `invitee-${row.inviteeUserId}`, now);
    await tx
      .update(invitations)
      .set({ status: 'rewarded', rewardCoins: INVITE_REWARD_COINS, orderNo: rental.orderNo, decidedAt: now })
      .where(eq(invitations.id, row.id));
    return true;
  });
}

/**
 * Run after the order sweep (order-lifecycle.ts): decides the pending invitations whose invitee
 * has a finished paid rental, each in its own transaction under the invitation's row lock, so two
 * processes sweeping at once pay it once. Answers how many paid.
 */
export async function settleInviteRewards(db: Db, now: Date): Promise<number> {
  const due = await db
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.status, 'pending'),
        sql`exists (select 1 from ${orders} where ${orders.userId} = ${invitations.inviteeUserId} and ${orders.kind} = 'rental' and ${orders.status} = ${ORDER_STATUS.finished} and ${orders.payFen} > 0)`,
      ),
    )
    .orderBy(asc(invitations.id))
    .limit(200);
  let paid = 0;
  for (const { id } of due) if (await decide(db, id, now)) paid += 1;
  return paid;
}

/**
 * The prizes of the ranking window that ended at least NEWUSER_RANKING_PRIZE_DELAY_DAYS ago (the
 * invitations of its last days become valid only when the invitee's first paid rental ends), paid
 * once by the sweep: gold coins, ledger kind rank_prize, ref `newuser_ranking:<YYYY-MM>`. The
 * ledger's (user, kind, ref) key pays each winner once, however many processes sweep; each winner
 * in a transaction of their own. Answers how many were paid now.
 */
export async function payRankingPrizes(db: Db, now: Date): Promise<number> {
  const settled = rankingWindow(new Date(now.getTime() - NEWUSER_RANKING_PRIZE_DELAY_DAYS * MS_PER_DAY));
  const window = rankingWindow(new Date(settled.start.getTime() - 1));
  const refNo = `${NEWUSER_ACTIVITY}:${formatShanghaiDate(window.start).slice(0, 7)}`;
  const winners = (await rankedInviters(db, window)).filter((row) => row.prizeCoins > 0);
  if (winners.length === 0) return 0;
  const alreadyPaid = new Set(
    (
      await db
        .select({ userId: goldCoinLedger.userId })
        .from(goldCoinLedger)
        .where(and(eq(goldCoinLedger.kind, GOLD_KIND.rankPrize), eq(goldCoinLedger.refNo, refNo)))
    ).map((row) => row.userId),
  );
  let paid = 0;
  for (const winner of winners) {
    if (alreadyPaid.has(winner.userId)) continue;
    try {
      await db.transaction((tx) =>
        creditGoldCoins(tx, { userId: winner.userId, amount: winner.prizeCoins, kind: GOLD_KIND.rankPrize, refNo, duplicateMsg: '排行榜奖励已发放' }, now),
      );
      paid += 1;
    } catch (error) {
      // Another process paid this winner a moment ago: the unique ledger key refused the second.
      if (!(error instanceof AppError && error.httpStatus === 409)) throw error;
    }
  }
  return paid;
}

const qrCache = new Map<string, string>();
function qrDataUrl(link: string): string {
  let url = qrCache.get(link);
  if (!url) {
    url = `data:image/svg+xml;base64,${Buffer.from(renderSVG(link), 'utf8').toString('base64')}`;
    if (qrCache.size > 1000) qrCache.clear();
    qrCache.set(link, url);
  }
  return url;
}

const isoOrEmpty = (date: Date | null): string => (date ? date.toISOString() : '');

/** spec §7 account "invitations": the user's code, link and QR, and who they invited (newest first, at most 100). */
export async function getInvitations(db: DbOrTx, userId: number, origin: string): Promise<InvitationsOverview> {
  const [me] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId));
  const code = me?.inviteCode ?? '';
  const link = `${origin}/register?invite=${encodeURIComponent(code)}`;
  const rows = await db
    .select({
      mobile: users.mobile,
      nickname: users.nickname,
      status: invitations.status,
      refuseReason: invitations.refuseReason,
      rewardCoins: invitations.rewardCoins,
      createdAt: invitations.createdAt,
    })
    .from(invitations)
    .innerJoin(users, eq(users.id, invitations.inviteeUserId))
    .where(eq(invitations.inviterUserId, userId))
    .orderBy(desc(invitations.id))
    .limit(100);
  const [totals] = await db
    .select({
      invited: count(),
      rewarded: sql<number>`count(*) filter (where ${invitations.status} = 'rewarded')`.mapWith(Number),
      coins: sql<number>`coalesce(sum(${invitations.rewardCoins}), 0)`.mapWith(Number),
    })
    .from(invitations)
    .where(eq(invitations.inviterUserId, userId));
  return {
    invite_code: code,
    invite_link: link,
    qr_data_url: code ? qrDataUrl(link) : '',
    reward_coins: INVITE_REWARD_COINS,
    invited: totals?.invited ?? 0,
    rewarded: totals?.rewarded ?? 0,
    coins_earned: totals?.coins ?? 0,
    list: rows.map((row) => ({
      who: maskInvitee(row.mobile, row.nickname),
      registered_at: isoOrEmpty(row.createdAt),
      state: row.status,
      state_text:
        row.status === 'rewarded'
          ? '已奖励'
          : row.status === 'refused'
            ? `不计奖励：${INVITE_REFUSALS[row.refuseReason as keyof typeof INVITE_REFUSALS] ?? '不符合活动规则'}`
            : '待首单完成',
      coins: row.rewardCoins,
    })),
  };
}

/** The activity window: the current Shanghai calendar month, [start, end). */
export function rankingWindow(now: Date): { start: Date; end: Date } {
  const clock = shanghaiClock(now);
  const offset = 8 * 60 * 60 * 1000;
  return {
    start: new Date(Date.UTC(clock.year, clock.month - 1, 1) - offset),
    end: new Date(Date.UTC(clock.year, clock.month, 1) - offset),
  };
}

/** Valid invitations in a window: rewarded (past the anti-abuse rule), the invitee registered in it. */
const validInWindow = (window: { start: Date; end: Date }) =>
  and(eq(invitations.status, 'rewarded'), gte(invitations.createdAt, window.start), lt(invitations.createdAt, window.end));

/** Per inviter: valid invitations in the window and when the last was decided (who reached the count first ranks first). */
function tallyOf(db: DbOrTx, window: { start: Date; end: Date }) {
  return db
    .select({
      inviterUserId: invitations.inviterUserId,
      count: count().as('count'),
      last: sql<Date>`max(${invitations.decidedAt})`.as('last'),
    })
    .from(invitations)
    .where(validInWindow(window))
    .groupBy(invitations.inviterUserId)
    .as('tally');
}

/** The ranking's top NEWUSER_RANKING_SIZE of a window, with ranks (ties share one) and prizes. */
async function rankedInviters(db: DbOrTx, window: { start: Date; end: Date }) {
  const tally = tallyOf(db, window);
  const top = await db
    .select({ userId: tally.inviterUserId, count: tally.count, mobile: users.mobile, nickname: users.nickname })
    .from(tally)
    .innerJoin(users, eq(users.id, tally.inviterUserId))
    .orderBy(desc(tally.count), asc(tally.last), asc(tally.inviterUserId))
    .limit(NEWUSER_RANKING_SIZE);
  const ranks = competitionRanks(top.map((row) => row.count));
  return top.map((row, index) => ({ ...row, rank: ranks[index]!, prizeCoins: rankPrizeCoins(ranks[index]!, NEWUSER_RANKING_PRIZES) }));
}

/**
 * /activity/newuser_ranking: inviters ranked by valid invitations (rewarded, i.e. past the
 * anti-abuse rule with the invitee's paid rental ended) of invitees registered in the window.
 */
export async function getRanking(db: DbOrTx, userId: number | null, now: Date): Promise<RankingAnswer> {
  const { start, end } = rankingWindow(now);
  const inWindow = validInWindow({ start, end });
  const tally = tallyOf(db, { start, end });
  const rows = (await rankedInviters(db, { start, end })).map((row) => ({
    rank: row.rank,
    who: maskInvitee(row.mobile, row.nickname),
    count: row.count,
    prize_coins: row.prizeCoins,
  }));

  let mine: RankingAnswer['mine'] = null;
  if (userId !== null) {
    const [me] = await db.select({ inviteCode: users.inviteCode }).from(users).where(eq(users.id, userId));
    const [own] = await db
      .select({ count: count() })
      .from(invitations)
      .where(and(inWindow, eq(invitations.inviterUserId, userId)));
    const mineCount = own?.count ?? 0;
    let rank: number | null = null;
    if (mineCount > 0) {
      const [ahead] = await db.select({ n: count() }).from(tally).where(sql`${tally.count} > ${mineCount}`);
      rank = (ahead?.n ?? 0) + 1;
    }
    mine = { rank, count: mineCount, prize_coins: rank === null ? 0 : rankPrizeCoins(rank, NEWUSER_RANKING_PRIZES), invite_code: me?.inviteCode ?? '' };
  }
  return {
    starts_at: start.toISOString(),
    ends_at: end.toISOString(),
    prizes: NEWUSER_RANKING_PRIZES.map((prize) => ({ from_rank: prize.fromRank, to_rank: prize.toRank, coins: prize.coins })),
    rows,
    mine,
  };
}
