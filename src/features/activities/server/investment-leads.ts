/**
 * 招商合作 applications (/business-invest): the form's submissions, kept for operations
 * (/ops/investment-leads, permission `campaigns`), who call back and mark each handled. Rate limits
 * live in the database (rate-limit.ts): per client IP per hour and per phone per day, so neither a
 * script nor one eager applicant fills the queue.
 */
import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { INVEST_BUDGETS } from '~/platform/config/constants';
import { INVEST_PER_IP_PER_HOUR, INVEST_PER_PHONE_PER_DAY } from '~/features/activities/constants';
import type { Page } from '~/platform/wire/common';
import { MSG_INVEST_RATE_LIMITED, type InvestAnswer, type InvestBody, type InvestBudget, type OpsInvestLeadView, type OpsInvestQuery } from '~/features/tasks/contract';
import type { Db } from '~/platform/db/client';
import { investmentLeads, operators, type InvestmentLeadRow } from '~/platform/db/schema';
import { conflict, notFound } from '~/platform/http/errors';
import { writeAudit, type OperatorActor } from '~/features/console/server';
import { enforceRateLimits } from '~/platform/db/rate-limit';

export const MSG_INVEST_LEAD_NOT_FOUND = '申请不存在';
export const MSG_INVEST_LEAD_HANDLED = '该申请已处理';

export async function submitInvestment(db: Db, body: InvestBody, who: { ip: string; userId: number | null }, now: Date): Promise<InvestAnswer> {
  await enforceRateLimits(
    db,
    [
      { bucket: `invest:ip:${who.ip}`.slice(0, 200), limit: INVEST_PER_IP_PER_HOUR, windowS: 60 * 60 },
      { bucket: `invest:phone:${body.phone}`, limit: INVEST_PER_PHONE_PER_DAY, windowS: 24 * 60 * 60 },
    ],
    now,
    MSG_INVEST_RATE_LIMITED,
  );
  const [row] = await db
    .insert(investmentLeads)
    .values({ name: body.name, phone: body.phone, city: body.city, budget: body.budget, message: body.message, userId: who.userId, ip: who.ip.slice(0, 64), createdAt: now })
    .returning({ id: investmentLeads.id });
  return { id: row!.id };
}

function toLeadView(row: InvestmentLeadRow, handledBy: string | null): OpsInvestLeadView {
  const budget = row.budget as InvestBudget;
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    city: row.city,
    budget,
    budget_text: INVEST_BUDGETS[budget] ?? row.budget,
    message: row.message,
    ip: row.ip,
    created_at: row.createdAt.toISOString(),
    handled_at: row.handledAt?.toISOString() ?? null,
    handled_by: handledBy,
  };
}

/** The console's list: new ones (oldest waiting shown newest first), handled ones, or all. */
export async function listInvestmentLeads(db: Db, query: OpsInvestQuery): Promise<Page<OpsInvestLeadView>> {
  const where: SQL | undefined = query.status === 'new' ? isNull(investmentLeads.handledAt) : query.status === 'handled' ? isNotNull(investmentLeads.handledAt) : undefined;
  const [total] = await db.select({ n: count() }).from(investmentLeads).where(where);
  const rows = await db
    .select({ lead: investmentLeads, handledBy: operators.displayName })
    .from(investmentLeads)
    .leftJoin(operators, eq(operators.id, investmentLeads.handledBy))
    .where(where)
    .orderBy(desc(investmentLeads.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  return { list: rows.map((row) => toLeadView(row.lead, row.handledBy)), total: total?.n ?? 0, page: query.page, page_size: query.page_size };
}

/** Marks a lead handled, once, with its audit row in the same transaction. */
export async function markInvestmentLeadHandled(db: Db, actor: OperatorActor, id: number, now: Date): Promise<OpsInvestLeadView> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(investmentLeads).where(eq(investmentLeads.id, id)).for('update');
    if (!before) throw notFound(MSG_INVEST_LEAD_NOT_FOUND);
    if (before.handledAt !== null) throw conflict(MSG_INVEST_LEAD_HANDLED);
    const [after] = await tx
      .update(investmentLeads)
      .set({ handledAt: now, handledBy: actor.operatorId })
      .where(and(eq(investmentLeads.id, id), isNull(investmentLeads.handledAt)))
      .returning();
    await writeAudit(tx, actor, { action: 'invest_lead.handle', targetType: 'investment_lead', targetId: id, before: { handled_at: null }, after: { handled_at: now.toISOString() } }, now);
    const [operator] = await tx.select({ name: operators.displayName }).from(operators).where(eq(operators.id, actor.operatorId));
    return toLeadView(after!, operator?.name ?? null);
  });
}
