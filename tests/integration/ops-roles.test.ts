/**
 * Issue 15 "Role checks on every console endpoint (each role, a renter, a seller, no token:
 * table-driven)". Every route file under src/pages/api/v1/ops is found on disk, so a new console
 * call is checked the day it lands, and must have a row in tests/integration/ops-roles/*.ts saying
 * which permission it needs. For each call:
 * - nobody without an operator session (no credentials, a renter's or a seller's Bearer token, a
 *   made-up cookie, a disabled operator's session) learns it exists: the 404 of an unknown path,
 *   for its own method, a wrong method and OPTIONS alike;
 * - each role either gets past the gate (any answer but that 404 and the 403) or gets 403
 *   无权进行此操作, exactly as src/features/console/contract/ops.ts grants.
 * Calls are made with an empty body: the gate runs before any validation.
 */
import { randomBytes } from 'node:crypto';
import type { APIContext, APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { MSG_OPS_FORBIDDEN, OPS_ROLES, opsCan, type OpsRole } from '~/features/console/contract/ops';
import type { Db } from '~/platform/db/client';
import { operators, users } from '~/platform/db/schema';
import { MSG_API_NOT_FOUND } from '~/platform/http/errors';
import { DEMO_OPERATORS } from '~/app/seed/operators';
import { createOperator, openOperatorSession } from '~/features/console/server/operators';
import { issueToken } from '~/features/sign-in/server/tokens';
import { TEST_DRIVERS } from './drivers';
import type { OpsRoleRow } from './ops-roles/rows';
import { suiteContext, useSuiteDatabase } from './route-context';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type RouteModule = Partial<Record<(typeof METHODS)[number] | 'ALL' | 'HEAD', APIRoute>>;

const routeModules = import.meta.glob<RouteModule>('/src/pages/api/v1/ops/**/*.ts');
const rowModules = import.meta.glob<{ ROWS: OpsRoleRow[] }>('./ops-roles/*.ts', { eager: true });
const ROWS: OpsRoleRow[] = Object.values(rowModules).flatMap((mod) => mod.ROWS ?? []);

function patternOf(file: string): string {
  let route = file.slice('/src/pages'.length).replace(/\.ts$/, '');
  if (route.endsWith('/index')) route = route.slice(0, -'/index'.length);
  return route;
}

const ENDPOINTS = await Promise.all(
  Object.entries(routeModules)
    .filter(([file]) => !file.split('/').some((segment) => segment.startsWith('_')))
    .map(async ([file, load]) => ({ pattern: patternOf(file), mod: await load() })),
);

const ROLE_BY_DEMO: Record<OpsRole, string> = {
  admin: DEMO_OPERATORS.admin.username,
  operations: DEMO_OPERATORS.operations.username,
  service: DEMO_OPERATORS.service.username,
  finance: DEMO_OPERATORS.finance.username,
};

async function call(db: Db, mod: RouteModule, pattern: string, method: string, headers: Record<string, string>): Promise<{ status: number; body: { code: number; msg: string; data: unknown } | null }> {
  const path = pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, '1');
  const params = Object.fromEntries([...pattern.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((match) => [match[1]!, '1']));
  const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';
  const request = new Request(`http://localhost${path}`, {
    method,
    headers: withBody ? { ...headers, 'content-type': 'application/json' } : headers,
    ...(withBody ? { body: '{}' } : {}),
  });
  const handler = mod[method as keyof RouteModule] ?? mod.ALL;
  if (!handler) throw new Error(`${pattern} answers no ${method} and has no ALL export (add ALL = opsAllowOnly(...))`);
  const context = { request, url: new URL(request.url), params, locals: { db }, clientAddress: '10.9.8.7' } as unknown as APIContext;
  const response = await handler(context);
  // An event stream (the chat console's) stays open: its status is the answer; the body is let go.
  if ((response.headers.get('content-type') ?? '').startsWith('text/event-stream')) {
    await response.body?.cancel();
    return { status: response.status, body: null };
  }
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as { code: number; msg: string; data: unknown }) : null };
}

const NOT_THERE = { code: 1, msg: MSG_API_NOT_FOUND, data: null };

describe('every console call has a role row, and every row a call', () => {
  it('finds the console calls on disk', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(9);
  });

  it.each(ENDPOINTS.flatMap(({ pattern, mod }) => METHODS.filter((method) => typeof mod[method] === 'function').map((method) => [pattern, method] as const)))(
    '%s %s has a row',
    (pattern, method) => {
      expect(ROWS.filter((row) => row.path === pattern && row.method === method)).toHaveLength(1);
    },
  );

  it.each(ROWS.map((row) => [row.path, row.method] as const))('row %s %s names a call that exists', (path, method) => {
    const endpoint = ENDPOINTS.find((candidate) => candidate.pattern === path);
    expect(endpoint, `no route file for ${path}`).toBeDefined();
    expect(typeof endpoint!.mod[method]).toBe('function');
  });
});

for (const { driver, label, skip } of TEST_DRIVERS) {
  describe.skipIf(skip)(`console roles on ${label}`, () => {
    let db: Db;
    const bearer: Record<'renter' | 'seller', string> = { renter: '', seller: '' };
    let disabledCookie = '';
    const operatorIds = new Map<OpsRole, number>();

    useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
      db = opened;
    });

    beforeAll(async () => {
      if (skip) return;
      const now = new Date();
      for (const role of OPS_ROLES) {
        const [row] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, ROLE_BY_DEMO[role]));
        operatorIds.set(role, row!.id);
      }
      for (const [key, username] of [['renter', 'renter01'], ['seller', 'merchant01']] as const) {
        const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username));
        bearer[key] = `Bearer ${(await issueToken(db, user!.id, { now })).token}`;
      }
      const gone = await createOperator(db, { username: 'gone_admin', password: 'gone_pass_0001', role: 'admin', displayName: '已停用' }, now);
      disabledCookie = (await openOperatorSession(db, gone.id, now)).cookie;
      await db.update(operators).set({ disabledAt: now }).where(eq(operators.id, gone.id));
      expect(suiteContext.db).toBe(db);
    });

    const outsiders = (): [string, Record<string, string>][] => [
      ['no credentials', {}],
      ['a renter token', { authorization: bearer.renter }],
      ['a seller token', { authorization: bearer.seller }],
      ['a renter token and a made-up session cookie', { authorization: bearer.renter, cookie: `ops_session=${randomBytes(32).toString('base64url')}` }],
      ["a disabled operator's session", { cookie: disabledCookie }],
    ];

    const gated = ROWS.filter((row): row is OpsRoleRow & { permission: Exclude<OpsRoleRow['permission'], 'public'> } => row.permission !== 'public');

    it.each(gated.map((row) => [row.method, row.path, row] as const))('%s %s does not exist for outsiders', async (_method, path, row) => {
      const { mod } = ENDPOINTS.find((endpoint) => endpoint.pattern === path)!;
      const wrongMethod = row.method === 'GET' ? 'PUT' : 'GET';
      for (const [who, headers] of outsiders()) {
        for (const method of [row.method, wrongMethod, 'OPTIONS']) {
          const answer = await call(db, mod, path, method, headers);
          expect({ who, method, status: answer.status, body: answer.body }).toEqual({ who, method, status: 404, body: NOT_THERE });
        }
      }
    });

    it.each(gated.map((row) => [row.method, row.path, row] as const))('%s %s: each role as the contract grants', async (_method, path, row) => {
      const { mod } = ENDPOINTS.find((endpoint) => endpoint.pattern === path)!;
      for (const role of OPS_ROLES) {
        const session = await openOperatorSession(db, operatorIds.get(role)!, new Date());
        const answer = await call(db, mod, path, row.method, { cookie: session.cookie });
        const allowed = row.permission === 'any-operator' || (row.permission !== 'second-factor' && opsCan(role, row.permission));
        if (row.permission === 'second-factor') {
          // The code step exists only for a session that owes a code; a signed-in one is an outsider to it.
          expect({ role, status: answer.status, body: answer.body }).toEqual({ role, status: 404, body: NOT_THERE });
        } else if (allowed) {
          const refused = answer.status === 403 && answer.body?.msg === MSG_OPS_FORBIDDEN;
          const hidden = answer.status === 404 && answer.body?.msg === MSG_API_NOT_FOUND;
          expect({ role, refused, hidden, status: answer.status }).toEqual({ role, refused: false, hidden: false, status: answer.status });
          expect(answer.status, `${role}: ${JSON.stringify(answer.body)}`).toBeLessThan(500);
        } else {
          expect({ role, status: answer.status, msg: answer.body?.msg }).toEqual({ role, status: 403, msg: MSG_OPS_FORBIDDEN });
        }
        // A wrong method is an honest 405 for an operator (a fresh session: the call may have signed out).
        const again = await openOperatorSession(db, operatorIds.get(role)!, new Date());
        const wrong = await call(db, mod, path, row.method === 'GET' ? 'PUT' : 'GET', { cookie: again.cookie });
        if (!(row.method !== 'GET' && typeof mod.GET === 'function')) expect(wrong.status).toBe(405);
      }
    });

    it.each(ROWS.filter((row) => row.permission === 'public').map((row) => [row.method, row.path] as const))('%s %s is open to everybody', async (method, path) => {
      const { mod } = ENDPOINTS.find((endpoint) => endpoint.pattern === path)!;
      const answer = await call(db, mod, path, method, {});
      expect(answer.body).not.toEqual(NOT_THERE);
      expect(answer.status).toBe(400);
    });
  });
}
