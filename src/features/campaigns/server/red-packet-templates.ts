/**
 * Issuing envelopes from an operator's red-envelope template ("red-envelope campaigns ...
 * with limits (per user, total)"; exchange codes that redeem to one). Every issue locks the
 * template row first, so the per-user count and the total it checks cannot move under it, and
 * bumps issued_count, which the database keeps ≤ total_limit whatever happens.
 *
 * Two ways out: one envelope to one user (an exchange code), or one envelope to each user of an
 * audience not yet at the per-user limit, fanned out by one INSERT ... SELECT with its 红包到账
 * messages (a console grant).
 */
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { COUPON_TYPE_FIXED, COUPON_TYPE_FREE_RENTAL, COUPON_TYPE_PERCENTAGE, MS_PER_DAY, RED_PACKET_STATUS } from '~/platform/config/constants';
import { couponLabel } from '~/features/orders/rules/coupon';
import { templateIssueRefusal, type TemplateLimits, type TemplateRefusal } from '~/features/campaigns/rules/red-packet-campaign';
import type { DbOrTx, DbTx } from '~/platform/db/client';
import { violatedConstraint } from '~/platform/db/errors';
import { redPacketTemplates, redPackets, type RedPacketRow } from '~/platform/db/schema';
import { notFound } from '~/platform/http/errors';
import { FREE_COUPON_RECEIVED_TITLE, RED_PACKET_RECEIVED_TITLE, freeCouponsReceivedText, redPacketsReceivedText } from '~/features/notifications/server';
import { grantRedPackets, type RedPacketGrant } from '~/features/wallet/server';

export type RedPacketTemplateRow = typeof redPacketTemplates.$inferSelect;

export const MSG_TEMPLATE_NOT_FOUND = '红包模板不存在';
/** SQLSTATE check_violation: issued_count would pass total_limit. */
const SQLSTATE_CHECK_VIOLATION = '23514';

/** red_packets.source of envelopes from a console grant and from an exchange code. */
export const CAMPAIGN_RED_PACKET_SOURCE = 'campaign';
export const EXCHANGE_CODE_RED_PACKET_SOURCE = 'exchange_code';

/** The envelope a template gives (red_packets row shape without owner and dates). */
export function templateGrant(template: RedPacketTemplateRow): RedPacketGrant {
  // A free-rental coupon pays hours of free play, not money off: no amounts.
  if (template.type === COUPON_TYPE_FREE_RENTAL) return { name: template.name, type: COUPON_TYPE_FREE_RENTAL, minOrderAmountFen: 0, freeHours: template.freeHours };
  return template.type === COUPON_TYPE_PERCENTAGE
    ? {
        name: template.name,
        type: COUPON_TYPE_PERCENTAGE,
        minOrderAmountFen: template.minOrderAmountFen,
        discountPercentage: template.discountPercentage,
        maxDiscountAmountFen: template.maxDiscountAmountFen,
      }
    : { name: template.name, type: COUPON_TYPE_FIXED, minOrderAmountFen: template.minOrderAmountFen, discountAmountFen: template.discountAmountFen };
}

/** 满30减3元, 9折 最高减5元 ... (the rules' couponLabel of the template's envelope). */
export function templateLabel(template: RedPacketTemplateRow): string {
  if (template.type === COUPON_TYPE_FREE_RENTAL) return `免费租号券 免费玩${template.freeHours ?? 0}小时`;
  const grant = templateGrant(template);
  return couponLabel({
    id: template.id,
    type: grant.type,
    min_order_amount_fen: grant.minOrderAmountFen,
    discount_percentage: grant.discountPercentage ?? null,
    max_discount_amount_fen: grant.maxDiscountAmountFen ?? null,
    discount_amount_fen: grant.discountAmountFen ?? null,
  });
}

export function templateLimits(template: RedPacketTemplateRow): TemplateLimits {
  return { active: template.isActive, issued: template.issuedCount, totalLimit: template.totalLimit, perUserLimit: template.perUserLimit };
}

/** The template row, locked for the rest of `tx` (every issue takes this lock first); 404 when missing. */
export async function lockTemplate(tx: DbTx, templateId: number): Promise<RedPacketTemplateRow> {
  const [template] = await tx.select().from(redPacketTemplates).where(eq(redPacketTemplates.id, templateId)).for('update');
  if (!template) throw notFound(MSG_TEMPLATE_NOT_FOUND);
  return template;
}

/** Envelopes of the template the user holds (any status: the per-user limit counts what was given). */
export async function heldOfTemplate(db: DbOrTx, templateId: number, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(redPackets).where(and(eq(redPackets.templateId, templateId), eq(redPackets.userId, userId)));
  return Number(row?.n ?? 0);
}

/** Thrown when the template refuses an issue; `refusal` says why (the caller words it). */
export class TemplateRefused extends Error {
  constructor(readonly refusal: TemplateRefusal) {
    super(`red-packet template refused: ${refusal}`);
  }
}

/** Adds `issued` to the template's count; the database's check refuses passing the total limit. */
async function addIssued(tx: DbTx, templateId: number, issued: number): Promise<void> {
  if (issued === 0) return;
  try {
    await tx
      .update(redPacketTemplates)
      .set({ issuedCount: sql`${redPacketTemplates.issuedCount} + ${issued}` })
      .where(eq(redPacketTemplates.id, templateId));
  } catch (error) {
    if (violatedConstraint(error, SQLSTATE_CHECK_VIOLATION) !== null) throw new TemplateRefused('gone');
    throw error;
  }
}

/**
 * One envelope of the template to one user inside `tx` (with its 红包到账 message), or
 * TemplateRefused (inactive, gone, user_limit).
 */
export async function issueTemplateToUser(tx: DbTx, templateId: number, userId: number, source: string, now: Date): Promise<RedPacketRow> {
  const template = await lockTemplate(tx, templateId);
  const refusal = templateIssueRefusal(templateLimits(template), await heldOfTemplate(tx, templateId, userId));
  if (refusal) throw new TemplateRefused(refusal);
  const [row] = await grantRedPackets(tx, userId, [templateGrant(template)], {
    source,
    receivedAt: now,
    expiresAt: new Date(now.getTime() + template.validDays * MS_PER_DAY),
    templateId,
  });
  await addIssued(tx, templateId, 1);
  return row!;
}

export interface AudienceCounts {
  /** Users below the per-user limit: each would get one. */
  eligible: number;
  /** Users already holding the limit. */
  atLimit: number;
}

/** How the audience (a SELECT of distinct user `id`s) splits against the template's per-user limit. */
export async function countAudience(db: DbOrTx, template: RedPacketTemplateRow, audience: SQL): Promise<AudienceCounts> {
  const result = await db.execute<{ eligible: number | string; at_limit: number | string }>(sql`
    select count(*) filter (where coalesce(h.n, 0) < ${template.perUserLimit})::int as eligible,
           count(*) filter (where coalesce(h.n, 0) >= ${template.perUserLimit})::int as at_limit
    from (${audience}) a
    left join (select user_id, count(*) as n from red_packets where template_id = ${template.id} group by user_id) h on h.user_id = a.id`);
  const row = (result as unknown as { rows: { eligible: number | string; at_limit: number | string }[] }).rows[0];
  return { eligible: Number(row?.eligible ?? 0), atLimit: Number(row?.at_limit ?? 0) };
}

/**
 * One envelope to each user of `audience` below the per-user limit, with one 红包到账 message each,
 * in one statement (a data-modifying WITH: the envelopes, then the messages from the users they
 * went to). Call with the template locked (lockTemplate) and its plan checked; answers how many got
 * one. TemplateRefused('gone') when the total limit would be passed (the audience grew since the
 * count): nothing is written then, since the caller's transaction fails.
 */
export async function fanOutTemplate(tx: DbTx, template: RedPacketTemplateRow, audience: SQL, now: Date): Promise<number> {
  const grant = templateGrant(template);
  const coupon = grant.type === COUPON_TYPE_FREE_RENTAL;
  const expiresAt = new Date(now.getTime() + template.validDays * MS_PER_DAY);
  const at = now.toISOString();
  const result = await tx.execute<{ granted: number | string }>(sql`
    with granted as (
      insert into red_packets (user_id, name, type, min_order_amount_fen, discount_percentage, max_discount_amount_fen, discount_amount_fen, free_hours, status, source, received_at, expires_at, template_id)
      select a.id, ${grant.name}, ${grant.type}, ${grant.minOrderAmountFen}, ${grant.discountPercentage ?? null}, ${grant.maxDiscountAmountFen ?? null}, ${grant.discountAmountFen ?? null}, ${grant.freeHours ?? null},
             ${RED_PACKET_STATUS.unused}, ${CAMPAIGN_RED_PACKET_SOURCE}, ${at}::timestamptz, ${expiresAt.toISOString()}::timestamptz, ${template.id}
      from (${audience}) a
      where (select count(*) from red_packets r where r.template_id = ${template.id} and r.user_id = a.id) < ${template.perUserLimit}
      returning user_id
    ), told as (
      insert into notifications (user_id, notification_type, title, content, params, popup, created_at)
      select user_id, 'red_packet', ${coupon ? FREE_COUPON_RECEIVED_TITLE : RED_PACKET_RECEIVED_TITLE}, ${coupon ? freeCouponsReceivedText([grant.name]) : redPacketsReceivedText([grant.name])}, ${JSON.stringify({ count: 1 })}::jsonb, true, ${at}::timestamptz
      from granted
      returning 1
    )
    select count(*)::int as granted from granted`);
  const granted = Number((result as unknown as { rows: { granted: number | string }[] }).rows[0]?.granted ?? 0);
  await addIssued(tx, template.id, granted);
  return granted;
}
