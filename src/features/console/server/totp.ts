/**
 * Operators' second factor (docs/decisions.md "Console second factor: TOTP"): enrolment with a QR
 * code and the secret as text, confirmed by one code; ten one-time recovery codes shown once; the
 * code step of sign-in, whose wrong answers count toward the sign-in lockout like wrong passwords;
 * an admin's reset of another operator's TOTP.
 *
 * The secret is sealed with the credentials key (AES-256-GCM, orders/server/credentials.ts): the
 * server must read it back to check codes, so it cannot be hashed, and a copy of the database alone
 * (a backup) must not give it away. Recovery codes are random, so their SHA-256 is enough.
 */
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import { OPS_RECOVERY_CODE_COUNT } from '~/features/console/constants';
import {
  MSG_OPS_RECOVERY_WRONG,
  MSG_OPS_TOTP_ALREADY,
  MSG_OPS_TOTP_NOT_STARTED,
  MSG_OPS_TOTP_REPLAYED,
  MSG_OPS_TOTP_SELF_RESET,
  MSG_OPS_TOTP_WRONG,
  type OperatorMe,
  type OperatorView,
  type OpsTotpConfirmed,
  type OpsTotpEnrolment,
} from '~/features/console/contract/ops';
import { checkTotp, hashRecoveryCode, newRecoveryCode, newTotpSecret, normalizeRecoveryCode, normalizeTotpCode, oldestRelevantStep, totpUri } from '~/features/console/rules/totp';
import type { Db, DbOrTx } from '~/platform/db/client';
import { operatorRecoveryCodes, operatorTotp, operatorTotpUsedSteps, operators } from '~/platform/db/schema';
import { badRequest, conflict, forbidden, notFound } from '~/platform/http/errors';
import { credentialsKey, decryptWith, encryptWith } from '~/features/orders/server';
import { writeAudit } from '~/features/console/server/audit';
import { admitPairAttempt, enforceAddressCap, recordSignInFailure, type SignInAttempt } from '~/features/console/server/login-throttle';
import { completeOperatorSession, finishSignIn, operatorMe, reshapeOperator, revokeOperatorSessions, type OperatorActor } from '~/features/console/server/operators';
import { MSG_OPS_OPERATOR_NOT_FOUND } from '~/features/console/contract/ops';

export interface TotpStatus {
  enabled: boolean;
  recoveryCodesLeft: number;
}

export async function totpStatus(db: DbOrTx, operatorId: number): Promise<TotpStatus> {
  const [row] = await db.select({ confirmedAt: operatorTotp.confirmedAt }).from(operatorTotp).where(eq(operatorTotp.operatorId, operatorId));
  const [left] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.operatorId, operatorId), isNull(operatorRecoveryCodes.usedAt)));
  return { enabled: row?.confirmedAt != null, recoveryCodesLeft: Number(left?.n ?? 0) };
}

/** The used steps that can still match, after forgetting the older ones. */
async function usedSteps(db: DbOrTx, operatorId: number, nowMs: number): Promise<Set<number>> {
  await db.delete(operatorTotpUsedSteps).where(and(eq(operatorTotpUsedSteps.operatorId, operatorId), lt(operatorTotpUsedSteps.step, oldestRelevantStep(nowMs))));
  const rows = await db.select({ step: operatorTotpUsedSteps.step }).from(operatorTotpUsedSteps).where(eq(operatorTotpUsedSteps.operatorId, operatorId));
  return new Set(rows.map((row) => Number(row.step)));
}

/** Marks `step` used; false when another request used it first (the primary key decides). */
async function claimStep(db: DbOrTx, operatorId: number, step: number, now: Date): Promise<boolean> {
  const rows = await db.insert(operatorTotpUsedSteps).values({ operatorId, step, usedAt: now }).onConflictDoNothing().returning({ step: operatorTotpUsedSteps.step });
  return rows.length === 1;
}

/**
 * Starts (or restarts) the signed-in operator's enrolment: a new secret, stored sealed but not yet
 * active, returned with its otpauth:// URI and that URI drawn as an SVG QR code. 409 when TOTP is
 * already on: changing it goes through another admin's reset, so a stolen session cannot swap it.
 */
export async function beginTotpEnrolment(db: Db, actor: OperatorActor, now: Date): Promise<OpsTotpEnrolment> {
  const key = await credentialsKey(db);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(operatorTotp).where(eq(operatorTotp.operatorId, actor.operatorId)).for('update');
    if (current?.confirmedAt) throw conflict(MSG_OPS_TOTP_ALREADY);
    const secret = newTotpSecret();
    const secretCipher = encryptWith(key, secret);
    await tx
      .insert(operatorTotp)
      .values({ operatorId: actor.operatorId, secretCipher, createdAt: now, confirmedAt: null })
      .onConflictDoUpdate({ target: operatorTotp.operatorId, set: { secretCipher, createdAt: now, confirmedAt: null } });
    const uri = totpUri(secret, actor.username);
    return { secret, uri, qr_svg: renderSVG(uri, { border: 2 }) };
  });
}

/** New recovery codes replace any earlier ones; only their hashes are kept. */
async function issueRecoveryCodes(tx: DbOrTx, operatorId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: OPS_RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, operatorId));
  await tx.insert(operatorRecoveryCodes).values(codes.map((code) => ({ operatorId: operatorId, codeHash: hashRecoveryCode(normalizeRecoveryCode(code)!), createdAt: now })));
  return codes;
}

/**
 * Finishes enrolment with one code of the new secret: TOTP is on, ten recovery codes are returned
 * (the only time they are shown), and a session that was waiting for enrolment is signed in.
 */
export async function confirmTotpEnrolment(db: Db, actor: OperatorActor, input: string, userAgent: string | null, now: Date): Promise<OpsTotpConfirmed> {
  const key = await credentialsKey(db);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(operatorTotp).where(eq(operatorTotp.operatorId, actor.operatorId)).for('update');
    if (row?.confirmedAt) throw conflict(MSG_OPS_TOTP_ALREADY);
    if (!row) throw badRequest(MSG_OPS_TOTP_NOT_STARTED);
    const check = checkTotp(decryptWith(key, row.secretCipher), input, now.getTime(), await usedSteps(tx, actor.operatorId, now.getTime()));
    if (!check.ok) throw badRequest(check.why === 'replayed' ? MSG_OPS_TOTP_REPLAYED : MSG_OPS_TOTP_WRONG);
    if (!(await claimStep(tx, actor.operatorId, check.step, now))) throw badRequest(MSG_OPS_TOTP_REPLAYED);
    await tx.update(operatorTotp).set({ confirmedAt: now }).where(eq(operatorTotp.operatorId, actor.operatorId));
    const codes = await issueRecoveryCodes(tx, actor.operatorId, now);
    await writeAudit(tx, actor, { action: 'operator.totp_enrol', targetType: 'operator', targetId: actor.operatorId, after: { recovery_codes: codes.length } }, now);
    if (actor.pending === 'enrol') {
      await completeOperatorSession(tx, actor.sessionId, now);
      await finishSignIn(tx, actor, userAgent, 'enrolment', now);
    }
    return { recovery_codes: codes };
  });
}

/**
 * The code step of sign-in, for a session that passed the password: a 6-digit code (±1 step, never
 * a step already used) or one unused recovery code (consumed). Each try is admitted and counted
 * like a password try of the same (name, address) pair, and each wrong one is audited as a failed
 * sign-in; a right one finishes the sign-in.
 */
export async function verifySecondFactor(db: Db, actor: OperatorActor, input: string, userAgent: string | null, now: Date): Promise<OperatorMe> {
  const ip = actor.ip ?? '';
  await enforceAddressCap(db, ip, now);
  const attempt: SignInAttempt = { username: actor.username, operatorId: actor.operatorId, ip, userAgent };
  await admitPairAttempt(db, attempt, now);

  const fail = async (why: string, message: string): Promise<never> => {
    await recordSignInFailure(db, attempt, why, now);
    throw badRequest(message);
  };

  const asTotp = normalizeTotpCode(input);
  const asRecovery = asTotp === null ? normalizeRecoveryCode(input) : null;
  if (asTotp === null && asRecovery === null) return fail('两步验证码格式不正确', MSG_OPS_TOTP_WRONG);

  const key = await credentialsKey(db);
  const outcome = await db.transaction(async (tx): Promise<{ ok: true; via: 'totp' | 'recovery_code'; left?: number } | { ok: false; why: string; message: string }> => {
    if (asRecovery !== null) {
      const used = await tx
        .update(operatorRecoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(operatorRecoveryCodes.operatorId, actor.operatorId), eq(operatorRecoveryCodes.codeHash, hashRecoveryCode(asRecovery)), isNull(operatorRecoveryCodes.usedAt)))
        .returning({ id: operatorRecoveryCodes.id });
      if (used.length === 0) return { ok: false, why: '恢复码错误或已使用', message: MSG_OPS_RECOVERY_WRONG };
      const [left] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(operatorRecoveryCodes)
        .where(and(eq(operatorRecoveryCodes.operatorId, actor.operatorId), isNull(operatorRecoveryCodes.usedAt)));
      return { ok: true, via: 'recovery_code', left: Number(left?.n ?? 0) };
    }
    const [row] = await tx.select().from(operatorTotp).where(eq(operatorTotp.operatorId, actor.operatorId));
    // Reset by an admin between the password and the code: nothing to check against.
    if (!row?.confirmedAt) return { ok: false, why: '未启用两步验证', message: MSG_OPS_TOTP_WRONG };
    const check = checkTotp(decryptWith(key, row.secretCipher), asTotp!, now.getTime(), await usedSteps(tx, actor.operatorId, now.getTime()));
    if (!check.ok) return check.why === 'replayed' ? { ok: false, why: '两步验证码重复使用', message: MSG_OPS_TOTP_REPLAYED } : { ok: false, why: '两步验证码错误', message: MSG_OPS_TOTP_WRONG };
    if (!(await claimStep(tx, actor.operatorId, check.step, now))) return { ok: false, why: '两步验证码重复使用', message: MSG_OPS_TOTP_REPLAYED };
    return { ok: true, via: 'totp' };
  });
  if (!outcome.ok) return fail(outcome.why, outcome.message);

  await db.transaction(async (tx) => {
    await completeOperatorSession(tx, actor.sessionId, now);
    await finishSignIn(tx, actor, userAgent, outcome.via, now);
    if (outcome.via === 'recovery_code') {
      await writeAudit(tx, actor, { action: 'operator.recovery_code_used', targetType: 'operator', targetId: actor.operatorId, after: { recovery_codes_left: outcome.left } }, now);
    }
  });
  return operatorMe(actor);
}

/**
 * An admin turns off another operator's TOTP (a lost phone): the secret, the recovery codes and
 * every session of theirs go; a role that requires TOTP enrols again at the next sign-in. Never
 * one's own: a stolen admin session must not be able to strip the admin's second factor.
 */
export async function resetOperatorTotp(db: Db, actor: OperatorActor, id: number, now: Date): Promise<OperatorView> {
  if (id === actor.operatorId) throw forbidden(MSG_OPS_TOTP_SELF_RESET);
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(operators).where(eq(operators.id, id)).for('update');
    if (!target) throw notFound(MSG_OPS_OPERATOR_NOT_FOUND);
    const [had] = await tx.delete(operatorTotp).where(eq(operatorTotp.operatorId, id)).returning({ confirmedAt: operatorTotp.confirmedAt });
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, id));
    await tx.delete(operatorTotpUsedSteps).where(eq(operatorTotpUsedSteps.operatorId, id));
    await revokeOperatorSessions(tx, id, now);
    await writeAudit(tx, actor, { action: 'operator.totp_reset', targetType: 'operator', targetId: id, before: { totp_enabled: had?.confirmedAt != null }, after: { totp_enabled: false } }, now);
    return reshapeOperator(target, false);
  });
}

/** The demo seed's operators with documented secrets (src/app/seed/operators.ts): enrolled, no recovery codes. */
export async function enrolTotpWithSecret(db: DbOrTx, operatorId: number, secret: string, now: Date): Promise<void> {
  const secretCipher = encryptWith(await credentialsKey(db), secret);
  await db
    .insert(operatorTotp)
    .values({ operatorId, secretCipher, createdAt: now, confirmedAt: now })
    .onConflictDoUpdate({ target: operatorTotp.operatorId, set: { secretCipher, createdAt: now, confirmedAt: now } });
}
