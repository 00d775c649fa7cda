/**
 * The console's audit log ("Every console action is written to an audit log (who, what,
 * before/after, when) that admins can search"). Each action calls writeAudit inside its own
 * transaction, so the action and its row commit or roll back together; the table refuses UPDATE and
 * DELETE (migration ops_foundation_custom).
 */
import { and, desc, eq, gte, isNull, like, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '~/platform/wire/common';
import type { AuditEntryView, OpsAuditQuery } from '~/features/console/contract/ops';
import { MS_PER_DAY } from '~/platform/config/constants';
import { shanghaiDayStart } from '~/platform/rules/shanghai-time';
import type { DbOrTx } from '~/platform/db/client';
import { operators, opsAuditLog } from '~/platform/db/schema';
import type { OperatorActor } from '~/features/console/server/operators';

export interface AuditEntry {
  /** Dotted verb: listing.approve, complaint.decide, operator.create ... */
  action: string;
  /** What kind of record: listing, complaint, withdrawal, operator, setting ... */
  targetType: string;
  targetId: string | number | null;
  /** The record as it was (omit for a creation). Never a secret: no passwords, no credentials. */
  before?: unknown;
  /** The record as it is now (omit for a deletion-like action). */
  after?: unknown;
  /** The reason the operator gave, when the action asks for one. */
  reason?: string | null;
}

const REASON_MAX_CHARS = 500;
const USER_AGENT_MAX_CHARS = 256;

function clip(text: string | null | undefined, max: number): string | null {
  return text ? Array.from(text).slice(0, max).join('') : null;
}

/** JSON-safe copy: Dates as ISO strings, undefined dropped, so jsonb stores what was seen. */
function snapshot(value: unknown): unknown {
  if (value === undefined) return null;
  return JSON.parse(JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner))) as unknown;
}

/**
 * `actor` is the operator who acted, or whose earlier action the system carries out (a timed ban
 * ending). `userAgent` is given for sign-ins.
 */
export async function writeAudit(
  db: DbOrTx,
  actor: Pick<OperatorActor, 'operatorId' | 'ip'> & { userAgent?: string | null },
  entry: AuditEntry,
  now: Date = new Date(),
): Promise<void> {
  await db.insert(opsAuditLog).values({
    operatorId: actor.operatorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === null ? null : String(entry.targetId),
    before: snapshot(entry.before),
    after: snapshot(entry.after),
    reason: clip(entry.reason, REASON_MAX_CHARS),
    ip: actor.ip?.slice(0, 64) ?? null,
    userAgent: clip(actor.userAgent, USER_AGENT_MAX_CHARS),
    createdAt: now,
  });
}

/** The two audit actions written without an operator (the table's ops_audit_log_actor_check). */
export type SignInRefusalAction = 'session.login_failed' | 'session.locked_out';

export interface SignInRefusal {
  action: SignInRefusalAction;
  /** The name typed at the sign-in form (never the password). */
  username: string;
  /** The operator of that name, when there is one: the row shows in their history. */
  operatorId: number | null;
  ip: string;
  userAgent?: string | null;
  /** Why, in Chinese, for the audit screen: 密码错误, 用户名不存在, a lockout's end ... */
  reason: string;
  /** Facts beside the name (the lockout's end, its scope); never a secret. */
  details?: Record<string, unknown>;
}

/**
 * A refused console sign-in. Nobody known acted, so the row has no operator; the name tried is in
 * `after.username` and the audit screen shows it as the actor, marked 未登录.
 */
export async function writeSignInRefusal(db: DbOrTx, refusal: SignInRefusal, now: Date): Promise<void> {
  await db.insert(opsAuditLog).values({
    operatorId: null,
    action: refusal.action,
    targetType: 'operator',
    targetId: refusal.operatorId === null ? null : String(refusal.operatorId),
    before: null,
    after: snapshot({ username: refusal.username, ...refusal.details }),
    reason: clip(refusal.reason, REASON_MAX_CHARS),
    ip: refusal.ip.slice(0, 64),
    userAgent: clip(refusal.userAgent, USER_AGENT_MAX_CHARS),
    createdAt: now,
  });
}

/** The name a refused sign-in tried (after.username), for rows without an operator. */
function triedUsername(after: unknown): string {
  if (after && typeof after === 'object' && 'username' in after && typeof after.username === 'string') return after.username;
  return '';
}

export interface AuditQuery {
  page: number;
  pageSize: number;
  /** Exact username of the operator who acted, or the name a refused sign-in tried. */
  operator?: string;
  /** An action, or a prefix ending in a dot (`complaint.` for every complaint action). */
  action?: string;
  targetType?: string;
  targetId?: string;
  /** Inclusive start and exclusive end. */
  from?: Date;
  to?: Date;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The service query of the wire query: Shanghai days become instants, the `to` day included. */
export function auditQueryFrom(query: OpsAuditQuery): AuditQuery {
  const from = query.from ? shanghaiDayStart(query.from) : null;
  const toDay = query.to ? shanghaiDayStart(query.to) : null;
  return {
    page: query.page,
    pageSize: query.page_size,
    ...(query.operator ? { operator: query.operator } : {}),
    ...(query.action ? { action: query.action } : {}),
    ...(query.target_type ? { targetType: query.target_type } : {}),
    ...(query.target_id ? { targetId: query.target_id } : {}),
    ...(from ? { from } : {}),
    ...(toDay ? { to: new Date(toDay.getTime() + MS_PER_DAY) } : {}),
  };
}

/** One page of the log, newest first, with the filters of the audit screen. */
export async function searchAudit(db: DbOrTx, query: AuditQuery): Promise<Page<AuditEntryView>> {
  const conditions: SQL[] = [];
  if (query.operator) {
    conditions.push(
      or(eq(operators.username, query.operator), and(isNull(opsAuditLog.operatorId), sql`${opsAuditLog.after}->>'username' = ${query.operator}`))!,
    );
  }
  if (query.action) {
    conditions.push(query.action.endsWith('.') ? like(opsAuditLog.action, `${escapeLike(query.action)}%`) : eq(opsAuditLog.action, query.action));
  }
  if (query.targetType) conditions.push(eq(opsAuditLog.targetType, query.targetType));
  if (query.targetId) conditions.push(eq(opsAuditLog.targetId, query.targetId));
  if (query.from) conditions.push(gte(opsAuditLog.createdAt, query.from));
  if (query.to) conditions.push(lt(opsAuditLog.createdAt, query.to));
  const where = conditions.length > 0 ? and(...conditions) : undefined;

  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: opsAuditLog, username: operators.username })
      .from(opsAuditLog)
      .leftJoin(operators, eq(operators.id, opsAuditLog.operatorId))
      .where(where)
      .orderBy(desc(opsAuditLog.createdAt), desc(opsAuditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(opsAuditLog)
      .leftJoin(operators, eq(operators.id, opsAuditLog.operatorId))
      .where(where),
  ]);
  return {
    list: rows.map(({ entry, username }) => ({
      id: entry.id,
      created_at: entry.createdAt.toISOString(),
      operator_id: entry.operatorId,
      operator_username: username ?? triedUsername(entry.after),
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId,
      reason: entry.reason,
      before: entry.before,
      after: entry.after,
      ip: entry.ip,
      user_agent: entry.userAgent,
    })),
    total: Number(counted?.n ?? 0),
    page: query.page,
    page_size: query.pageSize,
  };
}

/** The audit rows of one record, oldest first (a complaint's or a listing's history in the console). */
export async function auditOf(db: DbOrTx, targetType: string, targetId: string | number): Promise<AuditEntryView[]> {
  const page = await searchAudit(db, { page: 1, pageSize: 100, targetType, targetId: String(targetId) });
  return page.list.reverse();
}
