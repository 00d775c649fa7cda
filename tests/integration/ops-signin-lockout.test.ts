/**
 * Issue 25 "Operators' second factor" (first part), on PGlite and PostgreSQL: failed and locked-out
 * console sign-ins are audited with the name tried, the address and the browser, never the
 * password; the lockout is per (name, address) with a doubling back-off cleared by a success, so a
 * stranger's address cannot lock the operator out of their own; an address spraying names is
 * capped; a many-address run trips the name's breaker, which spares the operator's own addresses;
 * an admin cannot reset their own password through the admin call.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_OPS_BAD_CREDENTIALS, MSG_OPS_SELF_RESET, type AuditEntryView, type OperatorMe } from '~/features/console/contract/ops';
import {
  OPS_LOGIN_ATTEMPTS_PER_IP,
  OPS_LOGIN_LOCKOUT_BASE_S,
  OPS_LOGIN_LOCKOUT_MAX_S,
  OPS_LOGIN_NAME_BREAKER_FAILURES,
  OPS_LOGIN_TRIES_PER_NAME_IP,
  OPS_LOGIN_WINDOW_S,
} from '~/features/console/constants';
import { createOperator, openOperatorSession, signInOperator } from '~/features/console/server/operators';
import { pruneLoginThrottle } from '~/features/console/server';
import type { Db } from '~/platform/db/client';
import { hitRateLimit } from '~/platform/db/rate-limit';
import { opsAuditLog, opsLoginThrottle } from '~/platform/db/schema';
import { isAppError } from '~/platform/http/errors';
import type { Page } from '~/platform/wire/common';
import { POST as loginRoute } from '~/pages/api/v1/ops/auth/login';
import { POST as updateRoute } from '~/pages/api/v1/ops/operators/update';
import { POST as resetRoute } from '~/pages/api/v1/ops/operators/password';
import { GET as auditRoute } from '~/pages/api/v1/ops/audit/index';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const TOO_MANY = '登录尝试过于频繁，请稍后再试';
const UA = 'Mozilla/5.0 (X11; Linux x86_64) LockoutTest/1.0';

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console sign-in lockout and audit (${label})`, () => {
    let db: Db;
    let serial = 0;
    useSuiteDatabase({ driver, skip }, (opened) => {
      db = opened;
    });

    const name = (prefix: string): string => `${prefix}${driver === 'postgres' ? 'p' : 'g'}${(serial += 1)}`;
    /** A fresh address per call site, so the per-address cap of one test never touches another. */
    const address = (): string => `10.${driver === 'postgres' ? 77 : 66}.${Math.floor((serial += 1) / 250)}.${serial % 250}`;

    async function newOperator(role: 'admin' | 'service', password = 'right_password_9'): Promise<{ id: number; username: string; password: string; cookie: string }> {
      const username = name(role.slice(0, 3));
      const row = await createOperator(db, { username, password, role, displayName: `测试${role}` });
      const { cookie } = await openOperatorSession(db, row.id, new Date());
      return { id: row.id, username, password, cookie };
    }

    const login = (username: string, password: string, ip: string) =>
      callRoute<OperatorMe>(loginRoute, '/api/v1/ops/auth/login', { method: 'POST', body: { username, password }, ip, headers: { 'user-agent': UA } });

    /** signInOperator at a chosen instant: the outcome as an HTTP status and Retry-After. */
    async function signInAt(username: string, password: string, ip: string, now: Date): Promise<{ status: number; retryAfterS: number | null }> {
      try {
        await signInOperator(db, { username, password, ip, userAgent: UA }, now);
        return { status: 200, retryAfterS: null };
      } catch (error) {
        if (!isAppError(error)) throw error;
        const retry = error.headers['retry-after'];
        return { status: error.httpStatus, retryAfterS: retry === undefined ? null : Number(retry) };
      }
    }

    const refusalRows = (username: string) =>
      db
        .select()
        .from(opsAuditLog)
        .where(and(isNull(opsAuditLog.operatorId), sql`${opsAuditLog.after}->>'username' = ${username}`))
        .orderBy(opsAuditLog.id);

    it('audits each failed sign-in with the name tried, the address and the browser, never the password', async () => {
      const admin = await newOperator('admin');
      const service = await newOperator('service');
      const ip = address();
      const unknown = name('ghost');
      expectError(await login(unknown, 'secret_guess_1', ip), 400, MSG_OPS_BAD_CREDENTIALS);
      expectError(await login(service.username, 'secret_guess_2', ip), 400, MSG_OPS_BAD_CREDENTIALS);
      expectOk(await callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: admin.cookie, body: { id: service.id, disabled: true } }));
      expectError(await login(service.username, service.password, ip), 400, MSG_OPS_BAD_CREDENTIALS);

      const ghostRows = await refusalRows(unknown);
      expect(ghostRows).toHaveLength(1);
      expect(ghostRows[0]).toMatchObject({ action: 'session.login_failed', operatorId: null, targetType: 'operator', targetId: null, reason: '用户名不存在', ip, userAgent: UA, after: { username: unknown } });
      const serviceRows = await refusalRows(service.username);
      expect(serviceRows.map((row) => [row.action, row.reason, row.targetId, row.ip, row.userAgent])).toEqual([
        ['session.login_failed', '密码错误', String(service.id), ip, UA],
        ['session.login_failed', '人员已停用', String(service.id), ip, UA],
      ]);
      expect(JSON.stringify([...ghostRows, ...serviceRows])).not.toMatch(/secret_guess|right_password|scrypt/);

      // The audit screen shows them under the name tried, without an operator, filterable by that name.
      const page = expectOk(await callRoute<Page<AuditEntryView>>(auditRoute, `/api/v1/ops/audit?operator=${service.username}&action=session.`, { cookie: admin.cookie }));
      expect(page.list.map((entry) => [entry.action, entry.operator_id, entry.operator_username, entry.ip, entry.user_agent])).toEqual([
        ['session.login_failed', null, service.username, ip, UA],
        ['session.login_failed', null, service.username, ip, UA],
      ]);
      // A success is audited with its browser too, under the operator.
      const other = await newOperator('service');
      expectOk(await login(other.username, other.password, ip));
      const [success] = await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.operatorId, other.id), eq(opsAuditLog.action, 'session.login')));
      expect(success).toMatchObject({ ip, userAgent: UA });
      // Only the two sign-in refusals may be written without an operator.
      await expect(db.insert(opsAuditLog).values({ operatorId: null, action: 'operator.update', targetType: 'operator', targetId: null })).rejects.toThrow();
    });

    it("does not let a stranger's address lock the operator out of their own, and audits the lockout once", async () => {
      const service = await newOperator('service');
      const stranger = address();
      for (let i = 0; i < OPS_LOGIN_TRIES_PER_NAME_IP; i += 1) expectError(await login(service.username, `wrong_${i}_guess`, stranger), 400, MSG_OPS_BAD_CREDENTIALS);
      // The stranger is locked out, even with the right password, and keeps knocking.
      for (let i = 0; i < 4; i += 1) {
        const refused = await login(service.username, service.password, stranger);
        expectError(refused, 429, TOO_MANY);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(OPS_LOGIN_LOCKOUT_BASE_S - 5);
      }
      // The operator, from their own address, signs in.
      expectOk(await login(service.username, service.password, address()));

      const rows = await refusalRows(service.username);
      expect(rows.map((row) => row.action)).toEqual([...Array<string>(OPS_LOGIN_TRIES_PER_NAME_IP).fill('session.login_failed'), 'session.locked_out']);
      expect(rows.at(-2)!.reason).toMatch(new RegExp(`^密码错误；此用户名在该IP连续失败${OPS_LOGIN_TRIES_PER_NAME_IP}次，锁定5分钟$`));
      expect(rows.at(-1)).toMatchObject({ ip: stranger, userAgent: UA, targetId: String(service.id), after: { username: service.username, scope: 'name_ip' } });
    });

    it('doubles the lockout of a name and address each time, up to the cap, and a success clears it', async () => {
      const service = await newOperator('service');
      const ip = address();
      let clock = new Date('2026-11-29T01:00:00Z');
      const lockouts: number[] = [];
      for (let round = 0; round < 6; round += 1) {
        for (let i = 0; i < OPS_LOGIN_TRIES_PER_NAME_IP; i += 1) expect((await signInAt(service.username, 'wrong_pass_00', ip, clock)).status).toBe(400);
        const refused = await signInAt(service.username, service.password, ip, clock);
        expect(refused.status).toBe(429);
        lockouts.push(refused.retryAfterS!);
        // Still locked one second before the end; open again at it.
        expect((await signInAt(service.username, 'wrong_pass_00', ip, new Date(clock.getTime() + (refused.retryAfterS! - 1) * 1000))).status).toBe(429);
        clock = new Date(clock.getTime() + refused.retryAfterS! * 1000);
      }
      const expected = [0, 1, 2, 3, 4, 5].map((n) => Math.min(OPS_LOGIN_LOCKOUT_MAX_S, OPS_LOGIN_LOCKOUT_BASE_S * 2 ** n));
      expect(lockouts).toEqual(expected);
      expect(lockouts.at(-1)).toBe(OPS_LOGIN_LOCKOUT_MAX_S);

      // A success clears the pair: a full set of tries again, and the next lockout is the first length.
      expect((await signInAt(service.username, service.password, ip, clock)).status).toBe(200);
      expect(await db.select().from(opsLoginThrottle).where(eq(opsLoginThrottle.username, service.username))).toEqual([]);
      for (let i = 0; i < OPS_LOGIN_TRIES_PER_NAME_IP; i += 1) expect((await signInAt(service.username, 'wrong_pass_00', ip, clock)).status).toBe(400);
      expect(await signInAt(service.username, service.password, ip, clock)).toEqual({ status: 429, retryAfterS: OPS_LOGIN_LOCKOUT_BASE_S });

      // One locked_out row per lockout, however often the locked pair knocked.
      const locked = (await refusalRows(service.username)).filter((row) => row.action === 'session.locked_out');
      expect(locked).toHaveLength(7);

      // Housekeeping keeps a locked or recent pair, and drops it a quiet day after its last failure.
      expect(await pruneLoginThrottle(db, clock)).toBe(0);
      expect(await pruneLoginThrottle(db, new Date(clock.getTime() + 25 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
      expect(await db.select().from(opsLoginThrottle).where(eq(opsLoginThrottle.username, service.username))).toEqual([]);
    });

    it('caps one address spraying many names, without an audit row for each refusal', async () => {
      const ip = address();
      const base = name('spray');
      for (let i = 0; i < OPS_LOGIN_ATTEMPTS_PER_IP; i += 1) expect((await signInAt(`${base}x${i}`, 'guess_pass_01', ip, new Date())).status).toBe(400);
      const refused = await signInAt(`${base}last`, 'guess_pass_01', ip, new Date());
      expect(refused.status).toBe(429);
      expect(refused.retryAfterS).toBeGreaterThan(OPS_LOGIN_WINDOW_S - 60);
      expect(await refusalRows(`${base}last`)).toEqual([]);
    });

    it("trips the name's breaker after many addresses fail, sparing the addresses the operator uses", async () => {
      const service = await newOperator('service');
      const home = address();
      expectOk(await login(service.username, service.password, home));
      // A many-address run, counted straight into the breaker, then one more real failure trips it.
      for (let i = 1; i < OPS_LOGIN_NAME_BREAKER_FAILURES; i += 1) {
        await hitRateLimit(db, { bucket: `ops-login:name-failures:${service.username}`, limit: OPS_LOGIN_NAME_BREAKER_FAILURES, windowS: OPS_LOGIN_WINDOW_S }, new Date());
      }
      const lastAttacker = address();
      expectError(await login(service.username, 'wrong_guess_99', lastAttacker), 400, MSG_OPS_BAD_CREDENTIALS);
      const trip = (await refusalRows(service.username)).filter((row) => row.action === 'session.locked_out');
      expect(trip).toHaveLength(1);
      expect(trip[0]).toMatchObject({ ip: lastAttacker, after: { username: service.username, scope: 'name' } });

      // A new address is refused, even with the right password, and leaves no row.
      expectError(await login(service.username, service.password, address()), 429, TOO_MANY);
      expect(await refusalRows(service.username)).toHaveLength(2);
      // The operator's own address still signs in.
      expectOk(await login(service.username, service.password, home));
    });

    it('refuses an admin resetting their own password through the admin call, not another operator', async () => {
      const admin = await newOperator('admin', 'admin_password_1');
      const service = await newOperator('service');
      expectError(await callRoute(resetRoute, '/api/v1/ops/operators/password', { method: 'POST', cookie: admin.cookie, body: { id: admin.id, password: 'taken_over_pass' } }), 403, MSG_OPS_SELF_RESET);
      // Their password is unchanged and nothing was audited as a reset.
      expectError(await login(admin.username, 'taken_over_pass', address()), 400, MSG_OPS_BAD_CREDENTIALS);
      expectOk(await login(admin.username, 'admin_password_1', address()));
      expect(await db.select().from(opsAuditLog).where(and(eq(opsAuditLog.action, 'operator.password_reset'), eq(opsAuditLog.targetId, String(admin.id))))).toEqual([]);

      expectOk(await callRoute(resetRoute, '/api/v1/ops/operators/password', { method: 'POST', cookie: admin.cookie, body: { id: service.id, password: 'reset_by_admin_1' } }));
      expectOk(await login(service.username, 'reset_by_admin_1', address()));
    });
  });
}
