/**
 * Issue 15 "Roles and the console": operator sign-in and sessions, operator accounts and the audit
 * log, through the console's endpoints, on PGlite and PostgreSQL. Sessions live in an HttpOnly,
 * SameSite=Strict cookie; a wrong name and a wrong password read the same; attempts are limited;
 * the last admin stays an admin; every action leaves an audit row that nobody can rewrite.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MSG_OPS_BAD_CREDENTIALS, MSG_OPS_LAST_ADMIN, MSG_OPS_SELF_CHANGE, MSG_OPS_USERNAME_TAKEN, type AuditEntryView, type OperatorMe, type OperatorView } from '~/features/console/contract/ops';
import { OPS_SESSION_ABSOLUTE_S, OPS_SESSION_IDLE_S } from '~/features/console/constants';
import type { Page } from '~/platform/wire/common';
import type { Db } from '~/platform/db/client';
import { opsAuditLog, users, walletLedger } from '~/platform/db/schema';
import { MSG_API_NOT_FOUND } from '~/platform/http/errors';
import { createOperator, openOperatorSession, resolveOperatorSession, updateOperator } from '~/features/console/server/operators';
import { changeBalance } from '~/features/wallet/server/wallet';
import { createUser } from '~/features/account/server/users';
import { POST as loginRoute } from '~/pages/api/v1/ops/auth/login';
import { POST as logoutRoute } from '~/pages/api/v1/ops/auth/logout';
import { GET as meRoute } from '~/pages/api/v1/ops/auth/me';
import { POST as passwordRoute } from '~/pages/api/v1/ops/auth/password';
import { GET as listRoute } from '~/pages/api/v1/ops/operators/index';
import { POST as createRoute } from '~/pages/api/v1/ops/operators/create';
import { POST as updateRoute } from '~/pages/api/v1/ops/operators/update';
import { POST as resetRoute } from '~/pages/api/v1/ops/operators/password';
import { GET as auditRoute } from '~/pages/api/v1/ops/audit/index';
import { TEST_DRIVERS } from './drivers';
import { callRoute, expectError, expectOk } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`operator console accounts (${label})`, () => {
    let db: Db;
    let serial = 0;
    useSuiteDatabase({ driver, skip }, (opened) => {
      db = opened;
    });

    const name = (prefix: string): string => `${prefix}${driver === 'postgres' ? 'p' : 'g'}${(serial += 1)}`;

    async function newOperator(role: 'admin' | 'operations' | 'service' | 'finance', password = 'a_long_pass_01'): Promise<{ id: number; username: string; cookie: string }> {
      const username = name(role.slice(0, 3));
      const row = await createOperator(db, { username, password, role, displayName: `测试${role}` });
      const { cookie } = await openOperatorSession(db, row.id, new Date());
      return { id: row.id, username, cookie };
    }

    const login = (username: string, password: string, ip = `10.0.0.${serial % 250}`) =>
      callRoute<OperatorMe>(loginRoute, '/api/v1/ops/auth/login', { method: 'POST', body: { username, password }, ip });

    it('signs in with the right password and sets an HttpOnly, SameSite=Strict session cookie', async () => {
      // A role that does not require TOTP (ops-totp.test.ts covers those that do).
      const admin = await newOperator('operations', 'right_password_1');
      const result = await login(admin.username, 'right_password_1');
      const me = expectOk(result);
      expect(me).toMatchObject({ username: admin.username, role: 'operations', role_label: '运营', second_factor: null });
      expect(me.permissions).not.toContain('audit');
      const cookie = result.headers.get('set-cookie')!;
      expect(cookie).toMatch(/^ops_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
      const session = cookie.split(';', 1)[0]!;
      expect(expectOk(await callRoute<OperatorMe>(meRoute, '/api/v1/ops/auth/me', { cookie: session })).username).toBe(admin.username);
    });

    it('answers a wrong password, an unknown name and a disabled operator alike', async () => {
      const service = await newOperator('service', 'right_password_2');
      expectError(await login(service.username, 'wrong_password'), 400, MSG_OPS_BAD_CREDENTIALS);
      expectError(await login('nobody_here', 'whatever_123'), 400, MSG_OPS_BAD_CREDENTIALS);
      const admin = await newOperator('admin');
      expectOk(await callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: admin.cookie, body: { id: service.id, disabled: true } }));
      expectError(await login(service.username, 'right_password_2'), 400, MSG_OPS_BAD_CREDENTIALS);
    });

    // Attempt limits and lockouts: ops-signin-lockout.test.ts.

    it('ends a session on sign-out, after the idle time and after the absolute time', async () => {
      const ops = await newOperator('operations');
      const signedOut = await callRoute(logoutRoute, '/api/v1/ops/auth/logout', { method: 'POST', cookie: ops.cookie });
      expectOk(signedOut);
      expect(signedOut.headers.get('set-cookie')).toMatch(/^ops_session=; .*Max-Age=0/);
      expectError(await callRoute(meRoute, '/api/v1/ops/auth/me', { cookie: ops.cookie }), 404, MSG_API_NOT_FOUND);

      const start = new Date('2026-11-26T02:00:00Z');
      const { token } = await openOperatorSession(db, ops.id, start);
      expect(await resolveOperatorSession(db, token, new Date(start.getTime() + (OPS_SESSION_IDLE_S - 60) * 1000))).not.toBeNull();
      // Used just now, so the idle end moved: still alive a full idle period after the first use.
      expect(await resolveOperatorSession(db, token, new Date(start.getTime() + (2 * OPS_SESSION_IDLE_S - 120) * 1000))).not.toBeNull();
      expect(await resolveOperatorSession(db, token, new Date(start.getTime() + (3 * OPS_SESSION_IDLE_S) * 1000))).toBeNull();

      const busy = await openOperatorSession(db, ops.id, start);
      for (let h = 1; h * 3600 < OPS_SESSION_ABSOLUTE_S; h += 1) {
        expect(await resolveOperatorSession(db, busy.token, new Date(start.getTime() + h * 3600 * 1000))).not.toBeNull();
      }
      expect(await resolveOperatorSession(db, busy.token, new Date(start.getTime() + OPS_SESSION_ABSOLUTE_S * 1000))).toBeNull();
    });

    it('lets an admin create, change, disable and reset operators, each in the audit log', async () => {
      const admin = await newOperator('admin');
      const username = name('newop');
      const created = expectOk(
        await callRoute<OperatorView>(createRoute, '/api/v1/ops/operators/create', {
          method: 'POST',
          cookie: admin.cookie,
          body: { username, display_name: '新客服', role: 'service', password: 'initial_pass_1' },
        }),
      );
      expect(created).toMatchObject({ username, role: 'service', disabled: false });
      expectError(
        await callRoute(createRoute, '/api/v1/ops/operators/create', { method: 'POST', cookie: admin.cookie, body: { username, display_name: '重复', role: 'service', password: 'initial_pass_1' } }),
        409,
        MSG_OPS_USERNAME_TAKEN,
      );
      const theirSession = (await login(username, 'initial_pass_1')).headers.get('set-cookie')!.split(';', 1)[0]!;

      // A role change applies at their next call, without signing them out.
      expectOk(await callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: admin.cookie, body: { id: created.id, role: 'finance' } }));
      expect(expectOk(await callRoute<OperatorMe>(meRoute, '/api/v1/ops/auth/me', { cookie: theirSession })).role).toBe('finance');

      // A password reset signs them out everywhere.
      expectOk(await callRoute(resetRoute, '/api/v1/ops/operators/password', { method: 'POST', cookie: admin.cookie, body: { id: created.id, password: 'reset_pass_0001' } }));
      expectError(await callRoute(meRoute, '/api/v1/ops/auth/me', { cookie: theirSession }), 404, MSG_API_NOT_FOUND);
      expectOk(await login(username, 'reset_pass_0001'));

      const list = expectOk(await callRoute<OperatorView[]>(listRoute, '/api/v1/ops/operators', { cookie: admin.cookie }));
      expect(list.find((row) => row.id === created.id)).toMatchObject({ role: 'finance', role_label: '财务' });

      const audit = expectOk(await callRoute<Page<AuditEntryView>>(auditRoute, `/api/v1/ops/audit?target_type=operator&target_id=${created.id}&page_size=50`, { cookie: admin.cookie }));
      const actions = audit.list.map((entry) => entry.action).reverse();
      // Finance requires TOTP: after the reset the password alone leaves them at enrolment.
      expect(actions).toEqual(['operator.create', 'session.login', 'operator.update', 'operator.password_reset', 'session.password_ok']);
      const update = audit.list.find((entry) => entry.action === 'operator.update')!;
      expect(update).toMatchObject({ operator_username: admin.username, before: { role: 'service' }, after: { role: 'finance' } });
      // Nothing secret is written down.
      expect(JSON.stringify(audit.list)).not.toMatch(/reset_pass_0001|initial_pass_1|password_hash|scrypt/);
    });

    it('keeps an admin from locking themselves out, and keeps one enabled admin', async () => {
      const admin = await newOperator('admin');
      expectError(await callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: admin.cookie, body: { id: admin.id, role: 'service' } }), 409, MSG_OPS_SELF_CHANGE);
      expectError(await callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: admin.cookie, body: { id: admin.id, disabled: true } }), 409, MSG_OPS_SELF_CHANGE);
      const service = await newOperator('service');
      expectError(await callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: service.cookie, body: { id: admin.id, disabled: true } }), 403, '无权进行此操作');
      // Only `admin` is left enabled; an actor whose own admin row is gone (the losing side of a
      // race, see the PostgreSQL test) cannot take the last one away.
      await db.execute(sql`update operators set disabled_at = now() where role = 'admin' and id <> ${admin.id}`);
      const stale = { operatorId: service.id, username: service.username, displayName: '过期', role: 'admin' as const, sessionId: 0 };
      await expect(updateOperator(db, stale, { id: admin.id, disabled: true }, new Date())).rejects.toThrow(MSG_OPS_LAST_ADMIN);
      await expect(updateOperator(db, stale, { id: admin.id, role: 'finance' }, new Date())).rejects.toThrow(MSG_OPS_LAST_ADMIN);
      const count = (await db.execute<{ n: number }>(sql`select count(*)::int as n from operators where role = 'admin' and disabled_at is null`)).rows[0]!.n;
      expect(Number(count)).toBe(1);
    });

    // Skipped on PGlite: its one connection runs the two transactions one after the other, so there is no race.
    it.skipIf(driver !== 'postgres')('two admins disabling each other at once: one wins, one admin stays (PostgreSQL only: PGlite runs one statement at a time, so nothing can race there)', async () => {
      await db.execute(sql`update operators set disabled_at = now() where role = 'admin'`);
      const a = await newOperator('admin');
      const b = await newOperator('admin');
      const [ra, rb] = await Promise.all([
        callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: a.cookie, body: { id: b.id, disabled: true } }),
        callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: b.cookie, body: { id: a.id, disabled: true } }),
      ]);
      const statuses = [ra.status, rb.status].sort();
      // Either one locked first and the other then finds itself disabled (404: its session ended) or the last admin (409).
      expect(statuses[0]).toBe(200);
      expect([404, 409]).toContain(statuses[1]);
      const count = (await db.execute<{ n: number }>(sql`select count(*)::int as n from operators where role = 'admin' and disabled_at is null`)).rows[0]!.n;
      expect(Number(count)).toBe(1);
    });

    it('changes the own password with the old one, ending the other sessions only', async () => {
      const ops = await newOperator('operations', 'first_password_1');
      const other = await openOperatorSession(db, ops.id, new Date());
      expectError(await callRoute(passwordRoute, '/api/v1/ops/auth/password', { method: 'POST', cookie: ops.cookie, body: { old_password: 'nope_nope_nope', new_password: 'second_password_2' } }), 400, '原密码错误');
      expectError(await callRoute(passwordRoute, '/api/v1/ops/auth/password', { method: 'POST', cookie: ops.cookie, body: { old_password: 'first_password_1', new_password: 'short' } }), 400, '密码至少10位');
      expectOk(await callRoute(passwordRoute, '/api/v1/ops/auth/password', { method: 'POST', cookie: ops.cookie, body: { old_password: 'first_password_1', new_password: 'second_password_2' } }));
      expectOk(await callRoute(meRoute, '/api/v1/ops/auth/me', { cookie: ops.cookie }));
      expectError(await callRoute(meRoute, '/api/v1/ops/auth/me', { cookie: other.cookie }), 404, MSG_API_NOT_FOUND);
      expectOk(await login(ops.username, 'second_password_2'));
    });

    it('keeps history: audit rows and ledger rows cannot be updated or deleted', async () => {
      const admin = await newOperator('admin');
      await login(admin.username, 'a_long_pass_01');
      await expect(db.execute(sql`update ops_audit_log set reason = 'rewritten'`)).rejects.toThrow();
      await expect(db.delete(opsAuditLog)).rejects.toThrow();
      const userId = (await db.transaction((tx) => createUser(tx, { username: name('ledger'), nickname: '账本' }, new Date())))!;
      await db.transaction((tx) => changeBalance(tx, { userId, kind: 'demo_credit', amountFen: 100, refNo: `ops-history-${userId}` }));
      await expect(db.update(walletLedger).set({ amountFen: 1 }).where(eq(walletLedger.userId, userId))).rejects.toThrow();
      await expect(db.delete(walletLedger).where(eq(walletLedger.userId, userId))).rejects.toThrow();
      // Deleting the user would take the ledger with it: refused too.
      await expect(db.delete(users).where(eq(users.id, userId))).rejects.toThrow();
    });

    it('searches the audit log by operator, action prefix and day', async () => {
      const admin = await newOperator('admin');
      const target = await newOperator('service');
      await callRoute(updateRoute, '/api/v1/ops/operators/update', { method: 'POST', cookie: admin.cookie, body: { id: target.id, display_name: '改名' } });
      const byOperator = expectOk(await callRoute<Page<AuditEntryView>>(auditRoute, `/api/v1/ops/audit?operator=${admin.username}`, { cookie: admin.cookie }));
      expect(byOperator.list.every((entry) => entry.operator_username === admin.username)).toBe(true);
      expect(byOperator.total).toBeGreaterThanOrEqual(1);
      const byPrefix = expectOk(await callRoute<Page<AuditEntryView>>(auditRoute, '/api/v1/ops/audit?action=operator.&page_size=100', { cookie: admin.cookie }));
      expect(byPrefix.list.every((entry) => entry.action.startsWith('operator.'))).toBe(true);
      const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const future = expectOk(await callRoute<Page<AuditEntryView>>(auditRoute, `/api/v1/ops/audit?from=${tomorrow}`, { cookie: admin.cookie }));
      expect(future.total).toBe(0);
      expectError(await callRoute(auditRoute, '/api/v1/ops/audit?from=2026-13-01x', { cookie: admin.cookie }), 400, /日期格式应为YYYY-MM-DD/);
      // Not for a service agent.
      expectError(await callRoute(auditRoute, '/api/v1/ops/audit', { cookie: target.cookie }), 403, '无权进行此操作');
    });
  });
}
