/**
 * Issue 25 "Operators' second factor", on PGlite and PostgreSQL (docs/decisions.md "Console second
 * factor: TOTP"): admin and finance must enrol before the console opens; enrolment is confirmed by
 * one code and hands out ten recovery codes; an enrolled operator's sign-in needs a code (±1 step,
 * never one already used) or a recovery code (once); wrong codes are audited and count toward the
 * sign-in lockout; an admin resets another operator's TOTP, never their own.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_OPS_RECOVERY_WRONG, MSG_OPS_TOTP_REPLAYED, MSG_OPS_TOTP_SELF_RESET, MSG_OPS_TOTP_WRONG, type OperatorMe, type OperatorView, type OpsLoginAnswer, type OpsTotpConfirmed, type OpsTotpEnrolment } from '~/features/console/contract/ops';
import { OPS_LOGIN_TRIES_PER_NAME_IP, OPS_RECOVERY_CODE_COUNT } from '~/features/console/constants';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { totpCodeAt, totpStepAt } from '~/features/console/rules/totp';
import type { Db } from '~/platform/db/client';
import { operatorRecoveryCodes, operatorTotp, opsAuditLog } from '~/platform/db/schema';
import { MSG_API_NOT_FOUND } from '~/platform/http/errors';
import { POST as loginRoute } from '~/pages/api/v1/ops/auth/login';
import { GET as meRoute } from '~/pages/api/v1/ops/auth/me';
import { POST as verifyRoute } from '~/pages/api/v1/ops/auth/totp/verify';
import { POST as enrolRoute } from '~/pages/api/v1/ops/auth/totp/enrol';
import { POST as confirmRoute } from '~/pages/api/v1/ops/auth/totp/confirm';
import { POST as totpResetRoute } from '~/pages/api/v1/ops/operators/totp-reset';
import { GET as listRoute } from '~/pages/api/v1/ops/operators/index';
import { GET as ledgerCheckRoute } from '~/pages/api/v1/ops/finance/ledger-check';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const UA = 'Mozilla/5.0 (X11; Linux x86_64) TotpTest/1.0';
const PASSWORD = 'right_password_7';

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console second factor (${label})`, () => {
    let db: Db;
    let serial = 0;
    useSuiteDatabase({ driver, skip }, (opened) => {
      db = opened;
    });

    const name = (prefix: string): string => `${prefix}${driver === 'postgres' ? 'p' : 'g'}${(serial += 1)}`;
    const address = (): string => `10.${driver === 'postgres' ? 88 : 99}.${Math.floor((serial += 1) / 250)}.${serial % 250}`;

    async function newOperator(role: 'admin' | 'finance' | 'service' | 'operations'): Promise<{ id: number; username: string; cookie: string }> {
      const username = name(role.slice(0, 3));
      const row = await createOperator(db, { username, password: PASSWORD, role, displayName: `测试${role}` });
      const { cookie } = await openOperatorSession(db, row.id, new Date());
      return { id: row.id, username, cookie };
    }

    async function login(username: string, ip: string, password = PASSWORD): Promise<{ answer: OpsLoginAnswer; cookie: string }> {
      const result = await callRoute<OpsLoginAnswer>(loginRoute, '/api/v1/ops/auth/login', { method: 'POST', body: { username, password }, ip, headers: { 'user-agent': UA } });
      return { answer: expectOk(result), cookie: result.headers.get('set-cookie')!.split(';', 1)[0]! };
    }

    const me = (cookie: string) => callRoute<OperatorMe>(meRoute, '/api/v1/ops/auth/me', { cookie });
    const verify = (cookie: string, code: string, ip: string) =>
      callRoute<OperatorMe>(verifyRoute, '/api/v1/ops/auth/totp/verify', { method: 'POST', cookie, body: { code }, ip, headers: { 'user-agent': UA } });
    const enrol = (cookie: string) => callRoute<OpsTotpEnrolment>(enrolRoute, '/api/v1/ops/auth/totp/enrol', { method: 'POST', cookie });
    const confirm = (cookie: string, code: string) => callRoute<OpsTotpConfirmed>(confirmRoute, '/api/v1/ops/auth/totp/confirm', { method: 'POST', cookie, body: { code } });
    /** Replays are judged per time step: a test that names steps relative to now starts well inside one. */
    async function awayFromStepEdge(): Promise<void> {
      const left = 30_000 - (Date.now() % 30_000);
      if (left < 6_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    }
    const nowCode = (secret: string, delta = 0) => totpCodeAt(secret, totpStepAt(Date.now()) + delta);
    const actionsFor = async (operatorId: number) =>
      (await db.select({ action: opsAuditLog.action, after: opsAuditLog.after, reason: opsAuditLog.reason }).from(opsAuditLog).where(eq(opsAuditLog.targetId, String(operatorId))).orderBy(opsAuditLog.id));

    /** Enrols an operator through the calls (a signed-in session): the secret and the recovery codes. */
    async function enrolled(role: 'admin' | 'finance' | 'service'): Promise<{ id: number; username: string; cookie: string; secret: string; recovery: string[] }> {
      const operator = await newOperator(role);
      const { secret } = expectOk(await enrol(operator.cookie));
      const { recovery_codes } = expectOk(await confirm(operator.cookie, nowCode(secret)));
      return { ...operator, secret, recovery: recovery_codes };
    }

    it('leads a finance operator without TOTP to enrol: nothing else opens until a code confirms it', async () => {
      const finance = await newOperator('finance');
      const ip = address();
      const { answer, cookie } = await login(finance.username, ip);
      expect(answer).toMatchObject({ username: finance.username, role: 'finance', second_factor: 'enrol' });

      // The pending session is not signed in: every console call but enrolment answers 404.
      expectError(await me(cookie), 404, MSG_API_NOT_FOUND);
      expectError(await callRoute(ledgerCheckRoute, '/api/v1/ops/finance/ledger-check', { cookie }), 404, MSG_API_NOT_FOUND);
      expectError(await verify(cookie, '123456', ip), 404, MSG_API_NOT_FOUND);

      const enrolment = expectOk(await enrol(cookie));
      expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\//);
      expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
      expect(enrolment.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
      expect(enrolment.qr_svg).not.toMatch(/href|<script|<image/i);

      // Stored sealed, not as the secret, and not active before the code.
      const [stored] = await db.select().from(operatorTotp).where(eq(operatorTotp.operatorId, finance.id));
      expect(stored!.secretCipher).not.toContain(enrolment.secret);
      expect(stored!.secretCipher.startsWith('v1.')).toBe(true);
      expect(stored!.confirmedAt).toBeNull();

      expectError(await confirm(cookie, nowCode(enrolment.secret, 3)), 400, MSG_OPS_TOTP_WRONG);
      expectError(await me(cookie), 404, MSG_API_NOT_FOUND);
      const { recovery_codes } = expectOk(await confirm(cookie, nowCode(enrolment.secret)));
      expect(recovery_codes).toHaveLength(OPS_RECOVERY_CODE_COUNT);
      expect(new Set(recovery_codes).size).toBe(OPS_RECOVERY_CODE_COUNT);

      // Signed in now, and the codes are kept only as hashes.
      expect(expectOk(await me(cookie)).username).toBe(finance.username);
      const hashes = await db.select({ codeHash: operatorRecoveryCodes.codeHash }).from(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, finance.id));
      expect(hashes).toHaveLength(OPS_RECOVERY_CODE_COUNT);
      for (const { codeHash } of hashes) for (const code of recovery_codes) expect(codeHash).not.toContain(code.replace('-', ''));

      // A second enrolment cannot replace it (another admin resets it).
      expectError(await enrol(cookie), 409, '已启用两步验证；如需更换，请联系其他管理员重置');

      const actions = await actionsFor(finance.id);
      expect(actions.map((row) => row.action)).toEqual(['session.password_ok', 'operator.totp_enrol', 'session.login']);
      expect(actions[2]!.after).toEqual({ second_factor: 'enrolment' });
      expect(JSON.stringify(actions)).not.toContain(enrolment.secret);
    });

    it('lets an optional role use the console without TOTP, and enrol from its own account', async () => {
      const service = await newOperator('service');
      const ip = address();
      const first = await login(service.username, ip);
      expect(first.answer.second_factor).toBeNull();
      expect(expectOk(await me(first.cookie)).role).toBe('service');

      const { secret } = expectOk(await enrol(first.cookie));
      expectOk(await confirm(first.cookie, nowCode(secret)));
      const second = await login(service.username, ip);
      expect(second.answer.second_factor).toBe('code');
      expectError(await me(second.cookie), 404, MSG_API_NOT_FOUND);
    });

    it('signs an enrolled operator in with a code, refuses a wrong one and a replayed one, and audits both', { timeout: 20_000 }, async () => {
      await awayFromStepEdge();
      const admin = await enrolled('admin');
      const ip = address();
      const first = await login(admin.username, ip);
      expect(first.answer.second_factor).toBe('code');
      expectError(await me(first.cookie), 404, MSG_API_NOT_FOUND);
      // The enrolment used the current step: the same code is refused as a replay.
      expectError(await verify(first.cookie, nowCode(admin.secret), ip), 400, MSG_OPS_TOTP_REPLAYED);
      expectError(await verify(first.cookie, nowCode(admin.secret, 5), ip), 400, MSG_OPS_TOTP_WRONG);
      expectError(await verify(first.cookie, 'nonsense', ip), 400, MSG_OPS_TOTP_WRONG);
      expect(expectOk(await verify(first.cookie, nowCode(admin.secret, 1), ip)).username).toBe(admin.username);
      expect(expectOk(await me(first.cookie)).username).toBe(admin.username);

      // Used once: the next sign-in cannot use the same code again.
      const second = await login(admin.username, ip);
      expectError(await verify(second.cookie, nowCode(admin.secret, 1), ip), 400, MSG_OPS_TOTP_REPLAYED);
      expectError(await me(second.cookie), 404, MSG_API_NOT_FOUND);
      expectOk(await verify(second.cookie, nowCode(admin.secret, -1), ip));

      const failed = await db
        .select({ reason: opsAuditLog.reason, ip: opsAuditLog.ip, userAgent: opsAuditLog.userAgent, operatorId: opsAuditLog.operatorId, targetId: opsAuditLog.targetId })
        .from(opsAuditLog)
        .where(and(eq(opsAuditLog.action, 'session.login_failed'), sql`${opsAuditLog.after}->>'username' = ${admin.username}`))
        .orderBy(opsAuditLog.id);
      expect(failed.map((row) => row.reason)).toEqual(['两步验证码重复使用', '两步验证码错误', '两步验证码格式不正确', '两步验证码重复使用']);
      // Written like a failed password: nobody signed in acted, the operator is the target.
      expect(failed.every((row) => row.ip === ip && row.userAgent === UA && row.operatorId === null && row.targetId === String(admin.id))).toBe(true);
      const logins = (await actionsFor(admin.id)).filter((row) => row.action === 'session.login');
      expect(logins.slice(-2).map((row) => row.after)).toEqual([{ second_factor: 'totp' }, { second_factor: 'totp' }]);
    });

    it('counts wrong codes toward the sign-in lockout of the name and address; the password does not buy fresh tries', async () => {
      const finance = await enrolled('finance');
      const ip = address();
      const { cookie } = await login(finance.username, ip);
      // The password's try counts: the rest of the allowance is for codes.
      for (let tried = 1; tried < OPS_LOGIN_TRIES_PER_NAME_IP; tried += 1) expectError(await verify(cookie, nowCode(finance.secret, 7), ip), 400, MSG_OPS_TOTP_WRONG);
      expectError(await verify(cookie, nowCode(finance.secret, 1), ip), 429, '登录尝试过于频繁，请稍后再试');
      const again = await callRoute(loginRoute, '/api/v1/ops/auth/login', { method: 'POST', body: { username: finance.username, password: PASSWORD }, ip });
      expect(again.status).toBe(429);
      // Another address is not locked out (the lockout is per name and address).
      const elsewhere = address();
      const other = await login(finance.username, elsewhere);
      expectOk(await verify(other.cookie, nowCode(finance.secret, 1), elsewhere));
      const locked = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'session.locked_out'), sql`${opsAuditLog.after}->>'username' = ${finance.username}`));
      expect(locked).toHaveLength(1);
    });

    it('takes a recovery code once instead of a code', async () => {
      const admin = await enrolled('admin');
      const ip = address();
      const [code] = admin.recovery;
      const first = await login(admin.username, ip);
      expectOk(await verify(first.cookie, code!.toLowerCase(), ip));
      expect(expectOk(await me(first.cookie)).username).toBe(admin.username);
      const second = await login(admin.username, ip);
      expectError(await verify(second.cookie, code!, ip), 400, MSG_OPS_RECOVERY_WRONG);
      expectError(await verify(second.cookie, 'ZZZZZ-ZZZZZ', ip), 400, MSG_OPS_RECOVERY_WRONG);
      expectOk(await verify(second.cookie, admin.recovery[1]!, ip));
      const left = await db
        .select({ id: operatorRecoveryCodes.id })
        .from(operatorRecoveryCodes)
        .where(and(eq(operatorRecoveryCodes.operatorId, admin.id), isNull(operatorRecoveryCodes.usedAt)));
      expect(left).toHaveLength(OPS_RECOVERY_CODE_COUNT - 2);
      const used = (await actionsFor(admin.id)).filter((row) => row.action === 'operator.recovery_code_used');
      expect(used.map((row) => row.after)).toEqual([{ recovery_codes_left: OPS_RECOVERY_CODE_COUNT - 1 }, { recovery_codes_left: OPS_RECOVERY_CODE_COUNT - 2 }]);
    });

    it("lets an admin reset another operator's TOTP, audited, but never their own", async () => {
      const admin = await enrolled('admin');
      const finance = await enrolled('finance');
      const reset = (id: number) => callRoute<OperatorView>(totpResetRoute, '/api/v1/ops/operators/totp-reset', { method: 'POST', cookie: admin.cookie, body: { id } });

      const listed = expectOk(await callRoute<OperatorView[]>(listRoute, '/api/v1/ops/operators', { cookie: admin.cookie }));
      expect(listed.find((row) => row.id === finance.id)?.totp_enabled).toBe(true);

      expectError(await reset(admin.id), 403, MSG_OPS_TOTP_SELF_RESET);
      expect((await db.select().from(operatorTotp).where(eq(operatorTotp.operatorId, admin.id)))[0]?.confirmedAt).not.toBeNull();

      expect(expectOk(await reset(finance.id))).toMatchObject({ id: finance.id, totp_enabled: false });
      // Their sessions end, and the next sign-in leads to enrolment again.
      expectError(await me(finance.cookie), 404, MSG_API_NOT_FOUND);
      expect((await login(finance.username, address())).answer.second_factor).toBe('enrol');
      expect(await db.select().from(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, finance.id))).toHaveLength(0);
      expectError(await callRoute(totpResetRoute, '/api/v1/ops/operators/totp-reset', { method: 'POST', cookie: admin.cookie, body: { id: 2_000_000_000 } }), 404, '运营人员不存在');

      const rows = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'operator.totp_reset'), eq(opsAuditLog.targetId, String(finance.id))));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ operatorId: admin.id, before: { totp_enabled: true }, after: { totp_enabled: false } });
    });
  });
}
