/**
 * POST account/bindPhone (spec §6 "Binding a phone is needed for complaints"; the §2 bind-phone
 * modal): a signed-in user without a phone binds one with an SMS code of action 'bind'; complaints
 * then pass the phone check. Another account's phone, a second phone, a wrong code, no token and
 * other methods are refused with honest statuses.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '~/platform/db/client';
import { users, verificationCodes } from '~/platform/db/schema';
import { DEMO_USERS } from '~/app/seed/demo';
import { requireBoundPhone } from '~/features/complaints/server/complaints';
import { MSG_PHONE_ALREADY_BOUND, MSG_PHONE_TAKEN } from '~/features/sign-in/server/phone-sign-in';
import { issueToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { ALL as otherMethods, POST as bindRoute } from '~/pages/api/v1/account/bindPhone';
import { TEST_DRIVERS } from './drivers';
import { callRoute } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

const PATH = '/api/v1/account/bindPhone';
let serial = 0;
const freshPhone = (): string => `136${String(30_000_000 + (serial += 1)).padStart(8, '0')}`;

describe.each(TEST_DRIVERS)('binding a phone while signed in on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  async function phonelessUser(): Promise<number> {
    const id = await db.transaction((tx) => createUser(tx, { username: `bind_${(serial += 1)}`, nickname: '绑定测试' }, new Date()));
    if (id === null) throw new Error('username taken');
    return id;
  }

  async function bearer(userId: number): Promise<string> {
    return `Bearer ${(await issueToken(db, userId, { now: new Date() })).token}`;
  }

  /** Stores a live 'bind' code for `mobile`, as POST common/sendSms would. */
  async function sentCode(mobile: string, code = '246810'): Promise<string> {
    const now = new Date();
    await db.insert(verificationCodes).values({
      channel: 'sms',
      recipient: mobile,
      action: 'bind',
      codeHash: createHash('sha256').update(`${mobile}:bind:${code}`, 'utf8').digest('hex'),
      createdAt: now,
      expiresAt: new Date(now.getTime() + 300_000),
    });
    return code;
  }

  const bind = async (userId: number | null, body: unknown, route: APIRoute = bindRoute, method = 'POST') =>
    callRoute<{ mobile: string | null }>(route, PATH, { method, body, ...(userId === null ? {} : { authorization: await bearer(userId) }) });

  const mobileOf = async (userId: number): Promise<string | null> =>
    (await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, userId)))[0]!.mobile;

  it.skipIf(skip)('a user without a phone binds one with the SMS code, and may complain afterwards', async () => {
    const userId = await phonelessUser();
    await expect(requireBoundPhone(db, userId)).rejects.toMatchObject({ httpStatus: 403 });
    const mobile = freshPhone();
    const result = await bind(userId, { mobile, code: await sentCode(mobile) });
    expect(result.status).toBe(200);
    // The profile shows the phone masked, as GET common/userInfo does.
    expect(result.body.data.mobile).toBe(`${mobile.slice(0, 3)}****${mobile.slice(-4)}`);
    expect(await mobileOf(userId)).toBe(mobile);
    await expect(requireBoundPhone(db, userId)).resolves.toBeUndefined();
    // The code is used up.
    expect((await bind(userId, { mobile, code: '246810' })).status).toBe(400);
  });

  it.skipIf(skip)('a wrong code binds nothing (400)', async () => {
    const userId = await phonelessUser();
    const mobile = freshPhone();
    await sentCode(mobile, '111111');
    const result = await bind(userId, { mobile, code: '222222' });
    expect(result.status).toBe(400);
    expect(result.body.msg).toMatch(/验证码/);
    expect(await mobileOf(userId)).toBeNull();
  });

  it.skipIf(skip)("another account's phone is 409 and nothing changes hands", async () => {
    const userId = await phonelessUser();
    const taken = DEMO_USERS.renter.mobile!;
    const result = await bind(userId, { mobile: taken, code: await sentCode(taken) });
    expect(result.status).toBe(409);
    expect(result.body.msg).toBe(MSG_PHONE_TAKEN);
    expect(await mobileOf(userId)).toBeNull();
  });

  it.skipIf(skip)('a user who has a phone cannot bind a second one here (409)', async () => {
    const [renter] = await db.select({ id: users.id }).from(users).where(eq(users.username, DEMO_USERS.renter.username));
    const mobile = freshPhone();
    const result = await bind(renter!.id, { mobile, code: await sentCode(mobile) });
    expect(result.status).toBe(409);
    expect(result.body.msg).toBe(MSG_PHONE_ALREADY_BOUND);
    expect(await mobileOf(renter!.id)).toBe(DEMO_USERS.renter.mobile);
  });

  it.skipIf(skip)('no token is 401; a bad phone, a bad code or a NUL byte is 400; only POST', async () => {
    const mobile = freshPhone();
    expect((await bind(null, { mobile, code: '123456' })).status).toBe(401);
    const userId = await phonelessUser();
    for (const body of [{ mobile: '12345', code: '123456' }, { mobile, code: '12ab56' }, { mobile: `${mobile}\u0000`, code: '123456' }, { mobile: 13800000000, code: 123456 }, {}]) {
      const result = await bind(userId, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await callRoute(otherMethods, PATH, { method: 'GET', authorization: await bearer(userId) })).status).toBe(405);
  });
});
