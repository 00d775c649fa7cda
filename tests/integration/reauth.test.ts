/**
 * The re-authentication window (issue 25 "a stolen login token takes an account for good";
 * docs/decisions.md "Re-authentication window") on both drivers: the takeover path of the issue
 * is closed, every guarded change is refused without the window and accepted with it, the window
 * ends after REAUTH_WINDOW_S, belongs to one session, and wrong proofs are rate limited. Each
 * change signs the other sessions out and tells the user on the old channels.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '~/platform/db/client';
import { alipayAccounts, authTokens, notifications, outboxMessages, users, verificationCodes } from '~/platform/db/schema';
import { CODE_REAUTH_REQUIRED } from '~/platform/config/constants';
import { REAUTH_WINDOW_S } from '~/features/account/constants';
import { MSG_IDENTITY_PASSWORD_WRONG, MSG_TOO_MANY_WRONG, setPayPassword } from '~/features/account/server/account-settings';
import { MSG_REAUTH_REQUIRED, hasRecentIdentity } from '~/features/account/server/reauth';
import { ACCOUNT_SECURITY_TITLE } from '~/features/notifications/server';
import { hashPassword, verifyPassword } from '~/features/sign-in/server/password';
import { computeRequestSignature, type SignChallenge } from '~/features/sign-in/server/request-signing';
import { issueToken, resolveToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { issueVerifyKey } from '~/features/sign-in/server/verify-keys';
import { GET as getSignRoute } from '~/pages/api/v1/common/getSign';
import { POST as bindAlipayRoute } from '~/pages/api/v1/account/alipayAccount';
import { POST as bindPhoneRoute } from '~/pages/api/v1/account/bindPhone';
import { POST as changeEmailRoute } from '~/pages/api/v1/account/changeEmail';
import { POST as changePasswordRoute } from '~/pages/api/v1/account/changePassword';
import { POST as changePhoneRoute } from '~/pages/api/v1/account/changePhone';
import { POST as payPasswordRoute } from '~/pages/api/v1/account/payPassword';
import { POST as sendEmailCodeRoute } from '~/pages/api/v1/account/sendEmailCode';
import { POST as verifyIdentityRoute, ALL as verifyIdentityOther } from '~/pages/api/v1/account/verifyIdentity';
import { TEST_DRIVERS } from './drivers';
import { encryptPassword } from './sign-in-helpers';
import { callRoute, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

let serial = 0;
const next = (): number => (serial += 1);
const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
let ipCounter = 0;
const freshIp = (): string => `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const REAL_NAME = '王小明';

describe.each(TEST_DRIVERS)('re-authentication window on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  interface TestUser {
    id: number;
    mobile: string | null;
    password: string;
  }

  const freshMobile = (): string => `139${String(60_000_000 + next() + (driver === 'pglite' ? 0 : 5_000)).padStart(8, '0')}`;

  async function newUser(options: { mobile?: boolean; password?: boolean; email?: boolean; realName?: boolean } = {}): Promise<TestUser> {
    const n = next();
    const mobile = options.mobile === false ? null : freshMobile();
    const password = `pass_word_${n}`;
    const passwordHash = options.password === false ? null : await hashPassword(password);
    const id = await db.transaction((tx) => createUser(tx, { username: `reauth_${driver}_${n}`, nickname: `验证测试${n}`, mobile, passwordHash }, new Date()));
    if (id === null) throw new Error('username taken');
    if (options.email) await db.update(users).set({ email: `old.${driver}.${n}@example.com` }).where(eq(users.id, id));
    if (options.realName) await db.update(users).set({ isRealName: true, realName: REAL_NAME }).where(eq(users.id, id));
    return { id, mobile, password };
  }

  async function bearer(userId: number, now: Date = new Date()): Promise<string> {
    return `Bearer ${(await issueToken(db, userId, { now, userAgent: 'vitest' })).token}`;
  }

  const tokenOf = (authorization: string): string => authorization.slice('Bearer '.length);
  const alive = async (authorization: string): Promise<boolean> => (await resolveToken(db, tokenOf(authorization), new Date())).ok;
  async function tokenIdOf(authorization: string): Promise<number> {
    const lookup = await resolveToken(db, tokenOf(authorization), new Date());
    if (!lookup.ok) throw new Error('token not live');
    return lookup.tokenId;
  }

  async function plant(channel: 'sms' | 'email', recipient: string, action: 'bind' | 'verify', code: string): Promise<string> {
    const now = new Date();
    await db.insert(verificationCodes).values({ channel, recipient, action, codeHash: sha256Hex(`${recipient}:${action}:${code}`), createdAt: now, expiresAt: new Date(now.getTime() + 300_000) });
    return code;
  }

  const post = <T = unknown>(route: APIRoute, path: string, authorization: string, body: unknown): Promise<CallResult<T>> =>
    callRoute<T>(route, path, { method: 'POST', body, ip: freshIp(), authorization });

  /** A signed call, as the browser makes every password call (docs/sign-in-api.md "Request signing"). */
  async function signedPost<T>(route: APIRoute, path: string, authorization: string, plain: Record<string, string>, passwords: readonly string[]): Promise<CallResult<T>> {
    const sign = await callRoute<SignChallenge>(getSignRoute, '/api/v1/common/getSign', { ip: freshIp() });
    const challenge = sign.body.data;
    const payload: Record<string, string> = {};
    for (const [key, value] of Object.entries(plain)) payload[key] = passwords.includes(key) ? encryptPassword(challenge, value) : value;
    const text = JSON.stringify(payload);
    return callRoute<T>(route, path, {
      method: 'POST',
      text,
      authorization,
      ip: freshIp(),
      headers: { 'x-timestamp': String(challenge.timestamp), 'x-nonce-str': challenge.nonce_str, 'x-sign': computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, text) },
    });
  }

  const verifyByPassword = (authorization: string, password: string) =>
    signedPost<{ verified_until: string }>(verifyIdentityRoute, '/api/v1/account/verifyIdentity', authorization, { password }, ['password']);
  const verifyByCode = (authorization: string, code: string) => signedPost<{ verified_until: string }>(verifyIdentityRoute, '/api/v1/account/verifyIdentity', authorization, { code }, []);
  const changePasswordCall = (authorization: string, body: Record<string, string>) =>
    signedPost<{ revoked_sessions: number }>(changePasswordRoute, '/api/v1/account/changePassword', authorization, body, ['password', 'old_password']);

  function expectReauthRequired(result: CallResult<unknown>): void {
    expect(result.status).toBe(403);
    expect(result.body.code).toBe(CODE_REAUTH_REQUIRED);
    expect(result.body.msg).toBe(MSG_REAUTH_REQUIRED);
    expect(result.body.data).toBeNull();
  }

  async function securityNotices(userId: number): Promise<Array<{ title: string; content: string }>> {
    return db
      .select({ title: notifications.title, content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.notificationType, 'account_security')))
      .orderBy(desc(notifications.id));
  }

  async function outboxTo(recipient: string): Promise<string[]> {
    const rows = await db.select({ body: outboxMessages.body }).from(outboxMessages).where(eq(outboxMessages.recipient, recipient)).orderBy(desc(outboxMessages.id));
    return rows.map((row) => row.body);
  }

  it.skipIf(skip)('the takeover of the issue: a stolen token cannot bind its own email; with the window the owner can, the other devices are signed out and the old phone is told', async () => {
    const owner = await newUser();
    const ownersPhone = await bearer(owner.id);
    const stolen = await bearer(owner.id);
    const attackerMail = `attacker.${driver}.${next()}@evil.example`;
    const sent = await post(sendEmailCodeRoute, '/api/v1/account/sendEmailCode', stolen, { email: attackerMail, verify_key: await issueVerifyKey(db, 'sendSms', new Date()) });
    expect(sent.status).toBe(200);
    const [mail] = await outboxTo(attackerMail);
    const code = /\d{6}/.exec(mail!)![0];

    // Only the new address's code: refused, nothing written, the code still unused.
    expectReauthRequired(await post(changeEmailRoute, '/api/v1/account/changeEmail', stolen, { email: attackerMail, code }));
    const [before] = await db.select({ email: users.email }).from(users).where(eq(users.id, owner.id));
    expect(before!.email).toBeNull();
    expect(await securityNotices(owner.id)).toHaveLength(0);

    // The window needs the owner's password (or phone), which the thief does not have.
    const guess = await verifyByPassword(stolen, 'not_the_password_1');
    expect(guess.status).toBe(400);
    expect(guess.body.msg).toBe(MSG_IDENTITY_PASSWORD_WRONG);
    expectReauthRequired(await post(changeEmailRoute, '/api/v1/account/changeEmail', stolen, { email: attackerMail, code }));

    // With the window (the owner on this device), the same call binds it.
    const here = ownersPhone;
    const ownMail = `owner.${driver}.${next()}@example.com`;
    const opened = await verifyByPassword(here, owner.password);
    expect(opened.status).toBe(200);
    expect(new Date(opened.body.data.verified_until).getTime()).toBeGreaterThan(Date.now() + (REAUTH_WINDOW_S - 60) * 1000);
    const bound = await post<{ has_email: boolean }>(changeEmailRoute, '/api/v1/account/changeEmail', here, { email: ownMail, code: await plant('email', ownMail, 'bind', '424242') });
    expect(bound.status).toBe(200);
    expect(bound.body.data.has_email).toBe(true);
    expect(await alive(here)).toBe(true);
    expect(await alive(stolen)).toBe(false);
    const [notice] = await securityNotices(owner.id);
    expect(notice!.title).toBe(ACCOUNT_SECURITY_TITLE);
    expect(notice!.content).toContain('绑定了邮箱');
    // The old channel: the phone already bound gets the SMS; the new address is not the old channel.
    expect((await outboxTo(owner.mobile!)).some((body) => body.includes('绑定了邮箱'))).toBe(true);
    expect((await outboxTo(ownMail)).some((body) => body.includes('绑定了邮箱'))).toBe(false);
  });

  it.skipIf(skip)('every guarded change is refused without the window and accepted with it', async () => {
    // A first email.
    {
      const user = await newUser();
      const auth = await bearer(user.id);
      const mail = `first.${driver}.${next()}@example.com`;
      await plant('email', mail, 'bind', '111111');
      expectReauthRequired(await post(changeEmailRoute, '/api/v1/account/changeEmail', auth, { email: mail, code: '111111' }));
      expect((await verifyByPassword(auth, user.password)).status).toBe(200);
      expect((await post(changeEmailRoute, '/api/v1/account/changeEmail', auth, { email: mail, code: '111111' })).status).toBe(200);
    }
    // A first phone, by both calls that bind one.
    for (const [route, path] of [
      [changePhoneRoute, '/api/v1/account/changePhone'],
      [bindPhoneRoute, '/api/v1/account/bindPhone'],
    ] as const) {
      const user = await newUser({ mobile: false });
      const auth = await bearer(user.id);
      const other = await bearer(user.id);
      const mobile = freshMobile();
      await plant('sms', mobile, 'bind', '222222');
      expectReauthRequired(await post(route, path, auth, { mobile, code: '222222' }));
      expect((await verifyByPassword(auth, user.password)).status).toBe(200);
      expect((await post(route, path, auth, { mobile, code: '222222' })).status, path).toBe(200);
      const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, user.id));
      expect(row!.mobile).toBe(mobile);
      expect(await alive(other), path).toBe(false);
      expect((await securityNotices(user.id))[0]!.content).toContain('绑定了手机号');
    }
    // A phone change without the old phone's code.
    {
      const user = await newUser({ email: true });
      const auth = await bearer(user.id);
      const mobile = freshMobile();
      await plant('sms', mobile, 'bind', '333333');
      expectReauthRequired(await post(changePhoneRoute, '/api/v1/account/changePhone', auth, { mobile, code: '333333' }));
      expect((await verifyByPassword(auth, user.password)).status).toBe(200);
      const changed = await post<{ revoked_sessions: number }>(changePhoneRoute, '/api/v1/account/changePhone', auth, { mobile, code: '333333' });
      expect(changed.status).toBe(200);
      // Both old channels hear of it: the old phone and the address.
      expect((await outboxTo(user.mobile!)).some((body) => body.includes('更换了绑定手机号'))).toBe(true);
      const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      expect((await outboxTo(row!.email!)).some((body) => body.includes('更换了绑定手机号'))).toBe(true);
    }
    // A password change without the old password or a code.
    {
      const user = await newUser();
      const auth = await bearer(user.id);
      const other = await bearer(user.id);
      expectReauthRequired(await changePasswordCall(auth, { password: 'brand_new_pass_1' }));
      expect((await verifyByPassword(auth, user.password)).status).toBe(200);
      const changed = await changePasswordCall(auth, { password: 'brand_new_pass_1' });
      expect(changed.status).toBe(200);
      expect(changed.body.data.revoked_sessions).toBe(1);
      expect(await alive(other)).toBe(false);
      const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
      expect(await verifyPassword('brand_new_pass_1', row!.hash)).toBe(true);
      expect((await securityNotices(user.id))[0]!.content).toContain('修改了登录密码');
    }
    // A first pay password, and a change without the old one.
    {
      const user = await newUser();
      const auth = await bearer(user.id);
      const other = await bearer(user.id);
      expectReauthRequired(await post(payPasswordRoute, '/api/v1/account/payPassword', auth, { pay_password: '258046' }));
      expect((await verifyByPassword(auth, user.password)).status).toBe(200);
      expect((await post(payPasswordRoute, '/api/v1/account/payPassword', auth, { pay_password: '258046' })).status).toBe(200);
      expect(await alive(other)).toBe(false);
      expect((await securityNotices(user.id))[0]!.content).toContain('设置了支付密码');
      // Another session changing it has no window of its own.
      const second = await bearer(user.id);
      expectReauthRequired(await post(payPasswordRoute, '/api/v1/account/payPassword', second, { pay_password: '975310' }));
    }
    // The payout account, first and replaced.
    {
      const user = await newUser({ realName: true });
      const auth = await bearer(user.id);
      const other = await bearer(user.id);
      expectReauthRequired(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', auth, { account: '13800000001', real_name: REAL_NAME }));
      expect(await db.select().from(alipayAccounts).where(eq(alipayAccounts.userId, user.id))).toHaveLength(0);
      expect((await verifyByCode(auth, await plant('sms', user.mobile!, 'verify', '454545'))).status).toBe(200);
      expect((await post(bindAlipayRoute, '/api/v1/account/alipayAccount', auth, { account: '13800000001', real_name: REAL_NAME })).status).toBe(200);
      expect((await post(bindAlipayRoute, '/api/v1/account/alipayAccount', auth, { account: 'me@example.com', real_name: REAL_NAME })).status).toBe(200);
      expect(await alive(other)).toBe(false);
      expect((await securityNotices(user.id))[0]!.content).toContain('更换了提现支付宝账户');
      expect((await outboxTo(user.mobile!)).some((body) => body.includes('更换了提现支付宝账户'))).toBe(true);
      const thief = await bearer(user.id);
      expectReauthRequired(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', thief, { account: '13900000009', real_name: REAL_NAME }));
      const [row] = await db.select({ account: alipayAccounts.account }).from(alipayAccounts).where(eq(alipayAccounts.userId, user.id));
      expect(row!.account).toBe('me@example.com');
    }
  });

  it.skipIf(skip)('the window closes after REAUTH_WINDOW_S (the injected now), and an endpoint then refuses again', async () => {
    const user = await newUser();
    const auth = await bearer(user.id);
    const tokenId = await tokenIdOf(auth);
    expect((await verifyByPassword(auth, user.password)).status).toBe(200);
    const [row] = await db.select({ at: authTokens.identityVerifiedAt }).from(authTokens).where(eq(authTokens.id, tokenId));
    const provedAt = row!.at!;
    const at = (seconds: number): Date => new Date(provedAt.getTime() + seconds * 1000);
    expect(await hasRecentIdentity(db, user.id, tokenId, at(REAUTH_WINDOW_S - 1))).toBe(true);
    expect(await hasRecentIdentity(db, user.id, tokenId, at(REAUTH_WINDOW_S))).toBe(false);
    // The service at a later `now` refuses, and writes nothing.
    await expect(setPayPassword(db, user.id, tokenId, { payPassword: '258046' }, at(REAUTH_WINDOW_S + 1))).rejects.toMatchObject({ code: CODE_REAUTH_REQUIRED, httpStatus: 403 });
    const [unchanged] = await db.select({ hash: users.payPasswordHash }).from(users).where(eq(users.id, user.id));
    expect(unchanged!.hash).toBeNull();
    await expect(setPayPassword(db, user.id, tokenId, { payPassword: '258046' }, at(REAUTH_WINDOW_S - 5))).resolves.toEqual({ has_pay_password: true });
    // The endpoint, once the proof is older than the window.
    await db.update(authTokens).set({ identityVerifiedAt: new Date(Date.now() - (REAUTH_WINDOW_S + 5) * 1000) }).where(eq(authTokens.id, tokenId));
    expectReauthRequired(await post(payPasswordRoute, '/api/v1/account/payPassword', auth, { pay_password: '975310' }));
  });

  it.skipIf(skip)('a window opened on session A does not cover session B of the same user', async () => {
    const user = await newUser({ realName: true });
    const a = await bearer(user.id);
    const b = await bearer(user.id);
    expect((await verifyByPassword(a, user.password)).status).toBe(200);
    expect(await hasRecentIdentity(db, user.id, await tokenIdOf(a), new Date())).toBe(true);
    expect(await hasRecentIdentity(db, user.id, await tokenIdOf(b), new Date())).toBe(false);
    expectReauthRequired(await post(bindAlipayRoute, '/api/v1/account/alipayAccount', b, { account: '13800000001', real_name: REAL_NAME }));
    expectReauthRequired(await post(payPasswordRoute, '/api/v1/account/payPassword', b, { pay_password: '258046' }));
    // Another user's token with the same proof timing gains nothing either.
    const stranger = await newUser();
    expect(await hasRecentIdentity(db, stranger.id, await tokenIdOf(a), new Date())).toBe(false);
    expect((await post(payPasswordRoute, '/api/v1/account/payPassword', a, { pay_password: '258046' })).status).toBe(200);
  });

  it.skipIf(skip)('wrong proofs: a clear 400 each, five in 15 minutes lock verification (429) even for the right password; codes count too', async () => {
    const user = await newUser();
    const auth = await bearer(user.id);
    for (let i = 0; i < 3; i += 1) {
      const wrong = await verifyByPassword(auth, `wrong_pass_${i}x`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe(MSG_IDENTITY_PASSWORD_WRONG);
    }
    await plant('sms', user.mobile!, 'verify', '676767');
    for (const code of ['000001', '000002']) {
      const wrong = await verifyByCode(auth, code);
      expect(wrong.status).toBe(400);
      expect(wrong.body.msg).toBe('验证码错误或已过期');
    }
    const locked = await verifyByPassword(auth, user.password);
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe(MSG_TOO_MANY_WRONG);
    expect(locked.headers.get('retry-after')).toMatch(/^\d+$/);
    expectReauthRequired(await post(payPasswordRoute, '/api/v1/account/payPassword', auth, { pay_password: '258046' }));

    // Nothing to prove with, malformed bodies, no token, other methods.
    const none = await signedPost(verifyIdentityRoute, '/api/v1/account/verifyIdentity', await bearer((await newUser()).id), {}, []);
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('请输入登录密码或短信验证码');
    const phoneless = await newUser({ mobile: false });
    const noPhone = await verifyByCode(await bearer(phoneless.id), '123456');
    expect(noPhone.status).toBe(400);
    expect(noPhone.body.msg).toBe('当前账号未绑定手机号');
    const badCode = await verifyByCode(auth, '12ab56');
    expect(badCode.status).toBe(400);
    expect(badCode.body.msg).toMatch(/[\u4e00-\u9fff]/);
    expect((await callRoute(verifyIdentityRoute, '/api/v1/account/verifyIdentity', { method: 'POST', body: { code: '123456' } })).status).toBe(401);
    expect((await callRoute(verifyIdentityOther, '/api/v1/account/verifyIdentity', { method: 'GET', authorization: auth })).status).toBe(405);
  });

  it.skipIf(skip)('a user with neither password nor phone proves it by signing in: a session younger than the window counts, an older one does not', async () => {
    const user = await newUser({ mobile: false, password: false });
    const fresh = await bearer(user.id);
    const old = await bearer(user.id, new Date(Date.now() - (REAUTH_WINDOW_S + 60) * 1000));
    const mobile = freshMobile();
    await plant('sms', mobile, 'bind', '818181');
    expectReauthRequired(await post(bindPhoneRoute, '/api/v1/account/bindPhone', old, { mobile, code: '818181' }));
    expect((await post(bindPhoneRoute, '/api/v1/account/bindPhone', fresh, { mobile, code: '818181' })).status).toBe(200);
    expect(await alive(old)).toBe(false);
    // Now that a phone is bound, a fresh sign-in no longer counts: the phone is the proof.
    const later = await bearer(user.id);
    expectReauthRequired(await post(payPasswordRoute, '/api/v1/account/payPassword', later, { pay_password: '258046' }));
    expect((await verifyByCode(later, await plant('sms', mobile, 'verify', '929292'))).status).toBe(200);
    expect((await post(payPasswordRoute, '/api/v1/account/payPassword', later, { pay_password: '258046' })).status).toBe(200);
  });
});
