/**
 * 红包活动 in the console ("red-envelope campaigns: define a coupon template (type, amounts,
 * minimum order, validity days), grant to a segment or to listed usernames, with limits (per user,
 * total), see grants and usage"). Templates and their limits; grants are all or nothing, previewed
 * first, exactly once per form (request key), each with its audit row in its transaction.
 */
import { and, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import { COUPON_TYPE_FREE_RENTAL, RED_PACKET_STATUS } from '~/platform/config/constants';
import type { Page } from '~/platform/wire/common';
import {
  AUDIENCE_SEGMENT_LABELS,
  type AudienceSegment,
  type GrantTarget,
  type OpsRedPacketGrantView,
  type OpsRedPacketTemplateView,
  type RedPacketGrantBody,
  type RedPacketGrantListQuery,
  type RedPacketGrantPreview,
  type RedPacketGrantPreviewBody,
  type RedPacketGrantResult,
  type RedPacketTemplateBody,
  type RedPacketTemplateListQuery,
  type RedPacketUsage,
} from '~/features/campaigns/contract/ops-campaigns';
import { planGrant, templateRemaining, type GrantPlan } from '~/features/campaigns/rules/red-packet-campaign';
import type { Db, DbOrTx } from '~/platform/db/client';
import { operators, redPacketGrants, redPacketTemplates, redPackets, users } from '~/platform/db/schema';
import { badRequest, conflict, notFound } from '~/platform/http/errors';
import { segmentUsers } from '~/features/notifications/server';
import {
  MSG_TEMPLATE_NOT_FOUND,
  TemplateRefused,
  countAudience,
  fanOutTemplate,
  lockTemplate,
  templateLabel,
  templateLimits,
  type RedPacketTemplateRow,
} from '~/features/campaigns/server/red-packet-templates';
import { writeAudit, type OperatorActor } from '~/features/console/server';

export const MSG_GRANT_KEY_REUSED = '该请求标识已用于其他发放，请刷新页面后重试';
export const MSG_GRANT_AUDIENCE_GREW = '发放对象人数已变化，超出剩余数量，请重新预览后再发放';

const EMPTY_USAGE: RedPacketUsage = { unused: 0, used: 0, expired: 0 };

export function reshapeTemplate(row: RedPacketTemplateRow, usage: RedPacketUsage = EMPTY_USAGE): OpsRedPacketTemplateView {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    label: templateLabel(row),
    min_order_amount_fen: row.minOrderAmountFen,
    discount_percentage: row.discountPercentage,
    max_discount_amount_fen: row.maxDiscountAmountFen,
    discount_amount_fen: row.discountAmountFen,
    free_hours: row.freeHours,
    valid_days: row.validDays,
    per_user_limit: row.perUserLimit,
    total_limit: row.totalLimit,
    issued: row.issuedCount,
    remaining: templateRemaining({ issued: row.issuedCount, totalLimit: row.totalLimit }),
    is_active: row.isActive,
    usage,
    created_at: row.createdAt.toISOString(),
  };
}

/** Unused (still usable), used and expired envelopes of each template, from the (template, user) index. */
async function usageOf(db: DbOrTx, templateIds: number[], now: Date): Promise<Map<number, RedPacketUsage>> {
  const usage = new Map<number, RedPacketUsage>();
  if (templateIds.length === 0) return usage;
  const at = now.toISOString();
  const rows = await db
    .select({
      templateId: redPackets.templateId,
      used: sql<number>`count(*) filter (where ${redPackets.status} = ${RED_PACKET_STATUS.used})::int`,
      unused: sql<number>`count(*) filter (where ${redPackets.status} = ${RED_PACKET_STATUS.unused} and ${redPackets.expiresAt} > ${at}::timestamptz)::int`,
      expired: sql<number>`count(*) filter (where ${redPackets.status} = ${RED_PACKET_STATUS.unused} and ${redPackets.expiresAt} <= ${at}::timestamptz)::int`,
    })
    .from(redPackets)
    .where(inArray(redPackets.templateId, templateIds))
    .groupBy(redPackets.templateId);
  for (const row of rows) usage.set(row.templateId!, { unused: Number(row.unused), used: Number(row.used), expired: Number(row.expired) });
  return usage;
}

export async function listTemplates(db: DbOrTx, query: RedPacketTemplateListQuery, now: Date): Promise<Page<OpsRedPacketTemplateView>> {
  const where = query.status === 'all' ? undefined : query.status === 'active' ? sql`${redPacketTemplates.isActive}` : not(sql`${redPacketTemplates.isActive}`);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(redPacketTemplates)
      .where(where)
      .orderBy(desc(redPacketTemplates.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(redPacketTemplates).where(where),
  ]);
  const usage = await usageOf(
    db,
    rows.map((row) => row.id),
    now,
  );
  return { list: rows.map((row) => reshapeTemplate(row, usage.get(row.id))), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}

/** Active templates for the console's selects (grant form, exchange-code batches), newest first. */
export async function activeTemplateOptions(db: DbOrTx): Promise<{ id: number; name: string; label: string; remaining: number | null }[]> {
  const rows = await db.select().from(redPacketTemplates).where(sql`${redPacketTemplates.isActive}`).orderBy(desc(redPacketTemplates.id)).limit(200);
  return rows.map((row) => ({ id: row.id, name: row.name, label: templateLabel(row), remaining: templateRemaining({ issued: row.issuedCount, totalLimit: row.totalLimit }) }));
}

export async function getTemplate(db: DbOrTx, id: number, now: Date): Promise<OpsRedPacketTemplateView> {
  const [row] = await db.select().from(redPacketTemplates).where(eq(redPacketTemplates.id, id));
  if (!row) throw notFound(MSG_TEMPLATE_NOT_FOUND);
  return reshapeTemplate(row, (await usageOf(db, [id], now)).get(id));
}

/** POST campaigns/red-packets/create: a template (active). Fields of the other types are dropped. */
export async function createTemplate(db: Db, actor: OperatorActor, body: RedPacketTemplateBody, now: Date): Promise<OpsRedPacketTemplateView> {
  const percentage = body.type === 1;
  const freeRental = body.type === COUPON_TYPE_FREE_RENTAL;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(redPacketTemplates)
      .values({
        name: body.name,
        type: body.type,
        // A free-rental coupon has no threshold: it pays hours, not money.
        minOrderAmountFen: freeRental ? 0 : body.min_order_amount_fen,
        discountPercentage: percentage ? (body.discount_percentage ?? null) : null,
        maxDiscountAmountFen: percentage ? (body.max_discount_amount_fen ?? null) : null,
        discountAmountFen: body.type === 2 ? (body.discount_amount_fen ?? null) : null,
        freeHours: freeRental ? (body.free_hours ?? null) : null,
        validDays: body.valid_days,
        perUserLimit: body.per_user_limit,
        totalLimit: body.total_limit ?? null,
        operatorId: actor.operatorId,
        createdAt: now,
      })
      .returning();
    const view = reshapeTemplate(row!);
    await writeAudit(tx, actor, { action: 'red_packet_template.create', targetType: 'red_packet_template', targetId: view.id, after: view }, now);
    return view;
  });
}

/** POST campaigns/red-packets/status: stop (or resume) grants and exchange-code redemptions of a template. */
export async function setTemplateActive(db: Db, actor: OperatorActor, id: number, active: boolean, now: Date): Promise<OpsRedPacketTemplateView> {
  return db.transaction(async (tx) => {
    const current = await lockTemplate(tx, id);
    const [row] = await tx.update(redPacketTemplates).set({ isActive: active }).where(eq(redPacketTemplates.id, id)).returning();
    await writeAudit(
      tx,
      actor,
      {
        action: active ? 'red_packet_template.activate' : 'red_packet_template.deactivate',
        targetType: 'red_packet_template',
        targetId: id,
        before: { is_active: current.isActive },
        after: { is_active: active },
      },
      now,
    );
    return reshapeTemplate(row!, (await usageOf(tx, [id], now)).get(id));
  });
}

interface Audience {
  sql: SQL;
  unknown: string[];
  label: string;
}

/** The audience of a grant as a SELECT of distinct user ids, and the listed names that match no active account. */
async function audienceOf(db: DbOrTx, target: GrantTarget, segment: AudienceSegment | null | undefined, usernames: string[] | null | undefined, now: Date): Promise<Audience> {
  if (target === 'segment') {
    const chosen = segment ?? 'all';
    return { sql: segmentUsers(chosen, now), unknown: [], label: AUDIENCE_SEGMENT_LABELS[chosen] };
  }
  const names = usernames ?? [];
  const found = names.length === 0 ? [] : await db.select({ username: users.username }).from(users).where(and(inArray(users.username, names), eq(users.status, 'active')));
  const known = new Set(found.map((row) => row.username));
  const list = names.length === 0 ? sql`null` : sql.join(names.map((name) => sql`${name}`), sql`, `);
  return {
    sql: sql`select u.id from users u where u.status = 'active' and u.username in (${list})`,
    unknown: names.filter((name) => !known.has(name)),
    label: `指定用户（${names.length}个）`,
  };
}

function unknownMessage(unknown: string[]): string {
  const shown = unknown.slice(0, 10).join('、');
  return `以下用户名不存在或已注销：${shown}${unknown.length > 10 ? ` 等${unknown.length}个` : ''}`;
}

function planMessage(plan: Exclude<GrantPlan, { ok: true }>): string {
  switch (plan.reason) {
    case 'inactive':
      return '该红包模板已停用';
    case 'nobody':
      return '没有可发放的用户（对象为空，或都已达到每人限领数量）';
    case 'short':
      return `红包剩余数量不足：本次需发放${plan.needed}个，剩余${plan.remaining}个`;
  }
}

/** POST campaigns/red-packets/grant-preview: who would get one, who is skipped, and whether the grant would go through. */
export async function previewGrant(db: DbOrTx, body: RedPacketGrantPreviewBody, now: Date): Promise<RedPacketGrantPreview> {
  const [template] = await db.select().from(redPacketTemplates).where(eq(redPacketTemplates.id, body.template_id));
  if (!template) throw notFound(MSG_TEMPLATE_NOT_FOUND);
  const audience = await audienceOf(db, body.target, body.segment, body.usernames, now);
  const counts = await countAudience(db, template, audience.sql);
  const plan = planGrant(templateLimits(template), counts.eligible);
  return {
    template_id: template.id,
    eligible: counts.eligible,
    at_limit: counts.atLimit,
    unknown_usernames: audience.unknown,
    remaining: templateRemaining({ issued: template.issuedCount, totalLimit: template.totalLimit }),
    refusal: audience.unknown.length > 0 ? unknownMessage(audience.unknown) : plan.ok ? null : planMessage(plan),
  };
}

type GrantRow = typeof redPacketGrants.$inferSelect;

function targetLabel(row: GrantRow): string {
  return row.target === 'segment' ? (AUDIENCE_SEGMENT_LABELS[row.segment as AudienceSegment] ?? row.segment ?? '') : `指定用户（${row.usernames?.length ?? 0}个）`;
}

function reshapeGrant(row: GrantRow, templateName: string, operatorUsername: string): OpsRedPacketGrantView {
  return {
    id: row.id,
    template_id: row.templateId,
    template_name: templateName,
    target: row.target as GrantTarget,
    target_label: targetLabel(row),
    recipients: row.recipients,
    skipped: row.skipped,
    operator_username: operatorUsername,
    created_at: row.createdAt.toISOString(),
  };
}

async function grantView(db: DbOrTx, id: number): Promise<OpsRedPacketGrantView> {
  const [row] = await db
    .select({ grant: redPacketGrants, templateName: redPacketTemplates.name, username: operators.username })
    .from(redPacketGrants)
    .innerJoin(redPacketTemplates, eq(redPacketTemplates.id, redPacketGrants.templateId))
    .innerJoin(operators, eq(operators.id, redPacketGrants.operatorId))
    .where(eq(redPacketGrants.id, id));
  return reshapeGrant(row!.grant, row!.templateName, row!.username);
}

/**
 * POST campaigns/red-packets/grant: one envelope to each user of the audience below the per-user
 * limit, all or nothing (unknown names, a stopped template or a total limit too small refuse the
 * whole grant, 409), exactly once per request key, with 红包到账 messages and the audit row in the
 * same transaction.
 */
export async function grantTemplate(db: Db, actor: OperatorActor, body: RedPacketGrantBody, now: Date): Promise<RedPacketGrantResult> {
  try {
    return await db.transaction(async (tx) => {
      // The template lock first: the counts below cannot move, and a repeat of the key waits here.
      const template = await lockTemplate(tx, body.template_id);
      const [claimed] = await tx
        .insert(redPacketGrants)
        .values({
          templateId: template.id,
          target: body.target,
          segment: body.target === 'segment' ? (body.segment ?? null) : null,
          usernames: body.target === 'usernames' ? (body.usernames ?? []) : null,
          requestKey: body.request_key,
          operatorId: actor.operatorId,
          createdAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!claimed) {
        const [first] = await tx.select().from(redPacketGrants).where(eq(redPacketGrants.requestKey, body.request_key));
        if (!first || first.templateId !== template.id || first.target !== body.target) throw conflict(MSG_GRANT_KEY_REUSED);
        return { grant: await grantView(tx, first.id), replayed: true };
      }
      const audience = await audienceOf(tx, body.target, body.segment, body.usernames, now);
      if (audience.unknown.length > 0) throw badRequest(unknownMessage(audience.unknown));
      const counts = await countAudience(tx, template, audience.sql);
      const plan = planGrant(templateLimits(template), counts.eligible);
      if (!plan.ok) throw conflict(planMessage(plan));
      const recipients = await fanOutTemplate(tx, template, audience.sql, now);
      const [row] = await tx.update(redPacketGrants).set({ recipients, skipped: counts.atLimit }).where(eq(redPacketGrants.id, claimed.id)).returning();
      const view = reshapeGrant(row!, template.name, actor.username);
      await writeAudit(
        tx,
        actor,
        { action: 'red_packet.grant', targetType: 'red_packet_template', targetId: template.id, after: { ...view, usernames: body.target === 'usernames' ? body.usernames : undefined } },
        now,
      );
      return { grant: view, replayed: false };
    });
  } catch (error) {
    if (error instanceof TemplateRefused) throw conflict(MSG_GRANT_AUDIENCE_GREW, { cause: error });
    throw error;
  }
}

/** GET campaigns/red-packets/grants: grants newest first, of one template or all. */
export async function listGrants(db: DbOrTx, query: RedPacketGrantListQuery): Promise<Page<OpsRedPacketGrantView>> {
  const where = query.template_id ? eq(redPacketGrants.templateId, query.template_id) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ grant: redPacketGrants, templateName: redPacketTemplates.name, username: operators.username })
      .from(redPacketGrants)
      .innerJoin(redPacketTemplates, eq(redPacketTemplates.id, redPacketGrants.templateId))
      .innerJoin(operators, eq(operators.id, redPacketGrants.operatorId))
      .where(where)
      .orderBy(desc(redPacketGrants.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db.select({ n: count() }).from(redPacketGrants).where(where),
  ]);
  return { list: rows.map((row) => reshapeGrant(row.grant, row.templateName, row.username)), total: Number(total?.n ?? 0), page: query.page, page_size: query.page_size };
}
