/**
 * Operator accounts and their sessions (docs/decisions.md "Operator console").
 *
 * Operators are not marketplace users. Each has a username, a display name, one role and a scrypt
 * hash; a session is 32 random bytes handed to the browser once, in an HttpOnly cookie, and kept
 * here only as its SHA-256. A session ends 12 h after sign-in, after 2 h unused, on sign-out, when
 * the operator's password is changed by anyone, or when the operator is disabled. The role is read
 * from the operator's row on every request, so a role change applies at the next click.
 */
import { randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { OPS_PENDING_SESSION_S, OPS_SESSION_ABSOLUTE_S, OPS_SESSION_IDLE_S, OPS_SESSION_TOUCH_MS, OPS_TOTP_REQUIRED_ROLES } from '~/features/console/constants';
import { MSG_OPS_BAD_CREDENTIALS, MSG_OPS_LAST_ADMIN, MSG_OPS_OPERATOR_NOT_FOUND, MSG_OPS_SELF_CHANGE, MSG_OPS_SELF_RESET, MSG_OPS_USERNAME_TAKEN, MSG_OPS_WRONG_PASSWORD, OPS_ROLE_LABELS, OPS_ROLES, OPS_PERMISSION_NAMES, opsCan, type OperatorMe, type OperatorView, type OpsOperatorCreateBody, type OpsOperatorUpdateBody, type OpsPendingStep, type OpsRole } from '~/features/console/contract/ops';
import { violatedUniqueConstraint } from '~/platform/db/errors';
import type { Db, DbOrTx } from '~/platform/db/client';
import { operatorSessions, operatorTotp, operators, type OperatorRow } from '~/platform/db/schema';
import { AppError, badRequest, conflict, forbidden, notFound } from '~/platform/http/errors';
import { hashPassword, verifyPassword, hashToken, isWellFormedToken } from '~/features/sign-in/server';
import { admitPairAttempt, clearPairThrottle, enforceAddressCap, enforceNameBreaker, recordSignInFailure, type SignInAttempt } from '~/features/console/server/login-throttle';
import { writeAudit } from '~/features/console/server/audit';

/** Who is acting in the console: resolved from the session cookie on every request. */
export interface OperatorActor {
  operatorId: number;
  username: string;
  displayName: string;
  role: OpsRole;
  sessionId: number;
  /** The request's client address, written beside each audit row. */
  ip?: string | null;
  /** The second-factor step this session still owes; only the TOTP calls ever see one that is not null. */
  pending?: OpsPendingStep | null;
}

export interface NewOperator {
  username: string;
  password: string;
  role: OpsRole;
  displayName: string;
}

/** A hash nobody's password matches: an unknown name costs the same scrypt work as a known one. */
const DUMMY_PASSWORD_HASH = 'scrypt$16384$8$1$y-8ayIY9H_O1DORyqC-QnA$v7L2ZSDoCTOMmv1RoOpJPeKQ3i52dApn1touVaDi9A0';
const SESSION_TOKEN_BYTES = 32;
const USER_AGENT_MAX = 256;

function isOpsRole(value: string): value is OpsRole {
  return (OPS_ROLES as readonly string[]).includes(value);
}

function roleOf(row: Pick<OperatorRow, 'role'>): OpsRole {
  // The database check allows only these; anything else would be a broken row, never a wider role.
  if (!isOpsRole(row.role)) throw new AppError(1, '运营人员角色无效', 500);
  return row.role;
}

export function reshapeOperator(row: OperatorRow, totpEnabled?: boolean): OperatorView {
  const role = roleOf(row);
  return {
    ...(totpEnabled === undefined ? {} : { totp_enabled: totpEnabled }),
    id: row.id,
    username: row.username,
    display_name: row.displayName,
    role,
    role_label: OPS_ROLE_LABELS[role],
    disabled: row.disabledAt !== null,
    created_at: row.createdAt.toISOString(),
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
  };
}

export function operatorMe(actor: OperatorActor): OperatorMe {
  return {
    id: actor.operatorId,
    username: actor.username,
    display_name: actor.displayName,
    role: actor.role,
    role_label: OPS_ROLE_LABELS[actor.role],
    permissions: OPS_PERMISSION_NAMES.filter((permission) => opsCan(actor.role, permission)),
  };
}

/**
 * A new operator (seed, the create-admin command, tests, and the admin's console call through
 * createOperatorAsAdmin). 409 when the username is taken.
 */
export async function createOperator(db: DbOrTx, input: NewOperator, now: Date = new Date()): Promise<OperatorRow> {
  const passwordHash = await hashPassword(input.password);
  try {
    const [row] = await db
      .insert(operators)
      .values({ username: input.username, displayName: input.displayName, role: input.role, passwordHash, createdAt: now })
      .returning();
    return row!;
  } catch (error) {
    if (violatedUniqueConstraint(error) !== null) throw conflict(MSG_OPS_USERNAME_TAKEN, { cause: error });
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Sessions

export interface OpenedSession {
  sessionId: number;
  /** The raw token: goes into the cookie, never stored. */
  token: string;
  expiresAt: Date;
  /** `ops_session=<token>`: the Cookie header a test sends. */
  cookie: string;
}

export interface SessionMeta {
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * A new session for `operatorId` (after a successful sign-in; tests call it directly). A session
 * still owing a second factor (`pending`) lives only OPS_PENDING_SESSION_S.
 */
export async function openOperatorSession(db: DbOrTx, operatorId: number, now: Date, meta: SessionMeta = {}, pending: OpsPendingStep | null = null): Promise<OpenedSession> {
  const token = randomBytes(SESSION_TOKEN_BYTES).toString('base64url');
  const expiresAt = new Date(now.getTime() + (pending ? OPS_PENDING_SESSION_S : OPS_SESSION_ABSOLUTE_S) * 1000);
  const idleExpiresAt = new Date(Math.min(expiresAt.getTime(), now.getTime() + OPS_SESSION_IDLE_S * 1000));
  const [row] = await db
    .insert(operatorSessions)
    .values({
      operatorId,
      tokenHash: hashToken(token),
      createdAt: now,
      expiresAt,
      idleExpiresAt,
      ip: meta.ip?.slice(0, 64) ?? null,
      userAgent: meta.userAgent ? Array.from(meta.userAgent).slice(0, USER_AGENT_MAX).join('') : null,
      pendingStep: pending,
    })
    .returning({ id: operatorSessions.id });
  return { sessionId: row!.id, token, expiresAt, cookie: `ops_session=${token}` };
}

/** The second factor done: the pending session becomes a full one, its ends counted from now. */
export async function completeOperatorSession(db: DbOrTx, sessionId: number, now: Date): Promise<void> {
  const expiresAt = new Date(now.getTime() + OPS_SESSION_ABSOLUTE_S * 1000);
  const idleExpiresAt = new Date(now.getTime() + OPS_SESSION_IDLE_S * 1000);
  await db.update(operatorSessions).set({ pendingStep: null, expiresAt, idleExpiresAt }).where(eq(operatorSessions.id, sessionId));
}

/**
 * The operator a session token stands for at `now`, or null: unknown, revoked, past either end,
 * or the operator disabled. A session still owing its second factor counts as none, unless
 * `allowPending` (the TOTP calls alone). The idle end moves forward at most once a minute.
 */
export async function resolveOperatorSession(db: Db, token: string | null | undefined, now: Date, options: { allowPending?: boolean } = {}): Promise<OperatorActor | null> {
  if (!token || !isWellFormedToken(token)) return null;
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      expiresAt: operatorSessions.expiresAt,
      idleExpiresAt: operatorSessions.idleExpiresAt,
      revokedAt: operatorSessions.revokedAt,
      operatorId: operators.id,
      username: operators.username,
      displayName: operators.displayName,
      role: operators.role,
      disabledAt: operators.disabledAt,
      pendingStep: operatorSessions.pendingStep,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(eq(operatorSessions.tokenHash, hashToken(token)))
    .limit(1);
  if (!row || row.revokedAt || row.disabledAt) return null;
  const pending = row.pendingStep === 'code' || row.pendingStep === 'enrol' ? row.pendingStep : null;
  if (row.pendingStep !== null && (pending === null || !options.allowPending)) return null;
  const nowMs = now.getTime();
  if (row.expiresAt.getTime() <= nowMs || row.idleExpiresAt.getTime() <= nowMs) return null;
  const idleTarget = Math.min(row.expiresAt.getTime(), nowMs + OPS_SESSION_IDLE_S * 1000);
  if (idleTarget - row.idleExpiresAt.getTime() >= OPS_SESSION_TOUCH_MS) {
    await db.update(operatorSessions).set({ idleExpiresAt: new Date(idleTarget) }).where(eq(operatorSessions.id, row.sessionId));
  }
  if (!isOpsRole(row.role)) return null;
  return { sessionId: row.sessionId, operatorId: row.operatorId, username: row.username, displayName: row.displayName, role: row.role, pending };
}

/** Ends the session behind `token` (sign-out). */
export async function closeOperatorSession(db: DbOrTx, token: string, now: Date): Promise<void> {
  if (!isWellFormedToken(token)) return;
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(and(eq(operatorSessions.tokenHash, hashToken(token)), isNull(operatorSessions.revokedAt)));
}

export async function revokeOperatorSessions(db: DbOrTx, operatorId: number, now: Date, keepSessionId?: number): Promise<void> {
  await db
    .update(operatorSessions)
    .set({ revokedAt: now })
    .where(
      and(
        eq(operatorSessions.operatorId, operatorId),
        isNull(operatorSessions.revokedAt),
        keepSessionId === undefined ? undefined : ne(operatorSessions.id, keepSessionId),
      ),
    );
}

// ---------------------------------------------------------------------------------------------
// Sign-in

export interface SignInInput {
  username: string;
  password: string;
  ip: string;
  userAgent?: string | null;
}

export interface SignInResult {
  session: OpenedSession;
  me: OperatorMe;
  /** The second-factor step the session still owes (null: signed in). */
  pending: OpsPendingStep | null;
}

/** Must an operator of `role` have TOTP before using the console? */
export function totpRequiredFor(role: OpsRole): boolean {
  return (OPS_TOTP_REQUIRED_ROLES as readonly string[]).includes(role);
}

async function hasConfirmedTotp(db: DbOrTx, operatorId: number): Promise<boolean> {
  const [row] = await db.select({ confirmedAt: operatorTotp.confirmedAt }).from(operatorTotp).where(eq(operatorTotp.operatorId, operatorId));
  return row?.confirmedAt != null;
}

/**
 * The last part of every sign-in (password alone, then code, recovery code or enrolment): the
 * pair's tries forgotten, last_login_at, and the session.login row saying how the operator got in.
 */
export async function finishSignIn(tx: DbOrTx, actor: OperatorActor, userAgent: string | null | undefined, secondFactor: 'none' | 'totp' | 'recovery_code' | 'enrolment', now: Date): Promise<void> {
  await clearPairThrottle(tx, actor.username, actor.ip ?? '');
  await tx.update(operators).set({ lastLoginAt: now }).where(eq(operators.id, actor.operatorId));
  await writeAudit(
    tx,
    { ...actor, userAgent: userAgent ?? null },
    { action: 'session.login', targetType: 'operator', targetId: actor.operatorId, ...(secondFactor === 'none' ? {} : { after: { second_factor: secondFactor } }) },
    now,
  );
}

/**
 * Console sign-in. An unknown name, a disabled operator and a wrong password all get the same 400
 * 用户名或密码错误 after the same scrypt work, and each is audited (name, address, browser; never
 * the password). Limits (login-throttle.ts): per address, per (name, address) with a doubling
 * lockout that a success clears, and a per-name breaker that spares the operator's own addresses.
 */
export async function signInOperator(db: Db, input: SignInInput, now: Date): Promise<SignInResult> {
  await enforceAddressCap(db, input.ip, now);
  const [row] = await db.select().from(operators).where(eq(operators.username, input.username)).limit(1);
  const attempt: SignInAttempt = { username: input.username, operatorId: row?.id ?? null, ip: input.ip, userAgent: input.userAgent ?? null };
  await enforceNameBreaker(db, attempt, now);
  await admitPairAttempt(db, attempt, now);

  const usable = row && row.disabledAt === null ? row : null;
  const passwordOk = await verifyPassword(input.password, usable?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!usable || !passwordOk) {
    await recordSignInFailure(db, attempt, !row ? '用户名不存在' : !usable ? '人员已停用' : '密码错误', now);
    throw badRequest(MSG_OPS_BAD_CREDENTIALS);
  }

  const role = roleOf(usable);
  const pending: OpsPendingStep | null = (await hasConfirmedTotp(db, usable.id)) ? 'code' : totpRequiredFor(role) ? 'enrol' : null;
  return db.transaction(async (tx) => {
    const session = await openOperatorSession(tx, usable.id, now, { ip: input.ip, userAgent: input.userAgent }, pending);
    const actor: OperatorActor = {
      operatorId: usable.id,
      username: usable.username,
      displayName: usable.displayName,
      role,
      sessionId: session.sessionId,
      ip: input.ip,
    };
    if (pending === null) {
      await finishSignIn(tx, actor, input.userAgent, 'none', now);
    } else {
      // The pair's tries are kept while a code is owed: knowing the password must not buy fresh
      // guesses at the code. Enrolment has nothing to guess, so the password's success counts.
      if (pending === 'enrol') await clearPairThrottle(tx, input.username, input.ip);
      await writeAudit(tx, { ...actor, userAgent: input.userAgent ?? null }, { action: 'session.password_ok', targetType: 'operator', targetId: usable.id, after: { next: pending } }, now);
    }
    return { session, me: operatorMe(actor), pending };
  });
}

/** Sign-out: the session ends and the audit log says so. */
export async function signOutOperator(db: Db, actor: OperatorActor, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await closeOperatorSession(tx, token, now);
    await writeAudit(tx, actor, { action: 'session.logout', targetType: 'operator', targetId: actor.operatorId }, now);
  });
}

/** The signed-in operator changes their own password; their other sessions end. */
export async function changeOwnPassword(db: Db, actor: OperatorActor, oldPassword: string, newPassword: string, now: Date): Promise<void> {
  const [row] = await db.select({ passwordHash: operators.passwordHash }).from(operators).where(eq(operators.id, actor.operatorId));
  if (!row || !(await verifyPassword(oldPassword, row.passwordHash))) throw badRequest(MSG_OPS_WRONG_PASSWORD);
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx.update(operators).set({ passwordHash }).where(eq(operators.id, actor.operatorId));
    await revokeOperatorSessions(tx, actor.operatorId, now, actor.sessionId);
    await writeAudit(tx, actor, { action: 'operator.password_change', targetType: 'operator', targetId: actor.operatorId }, now);
  });
}

// ---------------------------------------------------------------------------------------------
// Operator accounts (permission `operators`: admin only)

export async function listOperators(db: DbOrTx): Promise<OperatorView[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.disabledAt), asc(operators.id));
  const enrolled = new Set(
    (await db.select({ id: operatorTotp.operatorId }).from(operatorTotp).where(isNotNull(operatorTotp.confirmedAt))).map((row) => row.id),
  );
  return rows.map((row) => reshapeOperator(row, enrolled.has(row.id)));
}

export async function createOperatorAsAdmin(db: Db, actor: OperatorActor, body: OpsOperatorCreateBody, now: Date): Promise<OperatorView> {
  return db.transaction(async (tx) => {
    const row = await createOperator(tx, { username: body.username, password: body.password, role: body.role, displayName: body.display_name }, now);
    const view = reshapeOperator(row);
    await writeAudit(tx, actor, { action: 'operator.create', targetType: 'operator', targetId: row.id, after: view }, now);
    return view;
  });
}

/** Locks the operator row, or 404. */
async function lockOperator(tx: DbOrTx, id: number): Promise<OperatorRow> {
  const [row] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
  if (!row) throw notFound(MSG_OPS_OPERATOR_NOT_FOUND);
  return row;
}

/**
 * Changes another operator's role, name or enabled state. An admin never changes their own role or
 * disables themselves, and the last enabled admin stays one: the enabled admins are locked first,
 * so two admins demoting each other at once cannot both succeed.
 */
export async function updateOperator(db: Db, actor: OperatorActor, body: OpsOperatorUpdateBody, now: Date): Promise<OperatorView> {
  const touchesAccess = body.role !== undefined || body.disabled !== undefined;
  if (body.id === actor.operatorId && touchesAccess) throw conflict(MSG_OPS_SELF_CHANGE);
  return db.transaction(async (tx) => {
    // Lock order: every enabled admin (by id), then the target; the same order for every caller.
    const admins = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)))
      .orderBy(asc(operators.id))
      .for('update');
    const before = await lockOperator(tx, body.id);
    const nextRole = body.role ?? roleOf(before);
    const nextDisabled = body.disabled ?? before.disabledAt !== null;
    const losesAdmin = roleOf(before) === 'admin' && before.disabledAt === null && (nextRole !== 'admin' || nextDisabled);
    if (losesAdmin && admins.filter((admin) => admin.id !== before.id).length === 0) throw conflict(MSG_OPS_LAST_ADMIN);

    const [after] = await tx
      .update(operators)
      .set({
        role: nextRole,
        displayName: body.display_name ?? before.displayName,
        disabledAt: nextDisabled ? (before.disabledAt ?? now) : null,
      })
      .where(eq(operators.id, before.id))
      .returning();
    if (nextDisabled && before.disabledAt === null) await revokeOperatorSessions(tx, before.id, now);
    const action = body.disabled === true && before.disabledAt === null ? 'operator.disable' : body.disabled === false && before.disabledAt !== null ? 'operator.enable' : 'operator.update';
    await writeAudit(tx, actor, { action, targetType: 'operator', targetId: before.id, before: reshapeOperator(before), after: reshapeOperator(after!) }, now);
    return reshapeOperator(after!);
  });
}

/**
 * An admin sets another operator's password (a forgotten one); every session of theirs ends. Never
 * their own: that is changeOwnPassword, which asks for the current one, so a stolen admin session
 * cannot turn into the admin's password.
 */
export async function resetOperatorPassword(db: Db, actor: OperatorActor, id: number, password: string, now: Date): Promise<OperatorView> {
  if (id === actor.operatorId) throw forbidden(MSG_OPS_SELF_RESET);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const before = await lockOperator(tx, id);
    const [after] = await tx.update(operators).set({ passwordHash }).where(eq(operators.id, id)).returning();
    await revokeOperatorSessions(tx, id, now);
    // The audit row says that it happened, never what the password is.
    await writeAudit(tx, actor, { action: 'operator.password_reset', targetType: 'operator', targetId: before.id }, now);
    return reshapeOperator(after!);
  });
}

/** How many enabled admins exist (the create-admin command refuses to run twice by accident). */
export async function countEnabledAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(operators)
    .where(and(eq(operators.role, 'admin'), isNull(operators.disabledAt)));
  return Number(row?.n ?? 0);
}
