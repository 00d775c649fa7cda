/**
 * 账号设置 and 个人中心 (issue 16; docs/account-api.md) on both drivers: a password or phone change
 * signs every other device out and keeps this one; email binding codes travel through the sandbox
 * outbox; a set pay password gates withdrawals; the last way to sign in cannot be unbound; bad
 * input and other users' tokens get honest refusals.
 */
import { createHash } from 'node:crypto';
import type { APIRoute } from 'astro';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { UNBIND_LAST_WAY } from '~/features/account/rules/account-settings';
import type { Db } from '~/platform/db/client';
import { outboxMessages, thirdPartyIdentities, users, verificationCodes } from '~/platform/db/schema';
import {
  MSG_EMAIL_TAKEN,
  MSG_OLD_PASSWORD_WRONG,
  MSG_PAY_PASSWORD_NEEDED,
  MSG_PAY_PASSWORD_WRONG,
  MSG_TOO_MANY_WRONG,
} from '~/features/account/server/account-settings';
import { MSG_REAUTH_REQUIRED } from '~/features/account/server/reauth';
import { CODE_REAUTH_REQUIRED } from '~/platform/config/constants';
import { authTokens } from '~/platform/db/schema';
import { hashPassword, verifyPassword } from '~/features/sign-in/server/password';
import { computeRequestSignature, type SignChallenge } from '~/features/sign-in/server/request-signing';
import { issueToken, resolveToken } from '~/features/sign-in/server/tokens';
import { createUser } from '~/features/account/server/users';
import { issueVerifyKey } from '~/features/sign-in/server/verify-keys';
import { GET as getSignRoute } from '~/pages/api/v1/common/getSign';
import { GET as userInfoRoute } from '~/pages/api/v1/common/userInfo';
import { GET as bindingsRoute } from '~/pages/api/v1/account/bindings';
import { POST as changeEmailRoute } from '~/pages/api/v1/account/changeEmail';
import { POST as changePasswordRoute } from '~/pages/api/v1/account/changePassword';
import { POST as changePhoneRoute, ALL as changePhoneOther } from '~/pages/api/v1/account/changePhone';
import { GET as devicesRoute } from '~/pages/api/v1/account/devices';
import { POST as payPasswordRoute } from '~/pages/api/v1/account/payPassword';
import { POST as profileRoute } from '~/pages/api/v1/account/profile';
import { POST as sendEmailCodeRoute } from '~/pages/api/v1/account/sendEmailCode';
import { POST as sendVerifyCodeRoute } from '~/pages/api/v1/account/sendVerifyCode';
import { POST as signOutDeviceRoute } from '~/pages/api/v1/account/signOutDevice';
import { POST as signOutEverywhereRoute } from '~/pages/api/v1/account/signOutEverywhere';
import { POST as unbindRoute } from '~/pages/api/v1/account/unbind';
import { POST as withdrawRoute } from '~/pages/api/v1/account/withdraw';
import { TEST_DRIVERS } from './drivers';
import { encryptPassword } from './sign-in-helpers';
import { callRoute, type CallResult } from './endpoint-call';
import { useSuiteDatabase } from './route-context';

let serial = 0;
const next = (): number => (serial += 1);
const sha256Hex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');
let ipCounter = 0;
const freshIp = (): string => `203.0.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

describe.each(TEST_DRIVERS)('account settings on $label', ({ driver, skip }) => {
  let db: Db;
  useSuiteDatabase({ driver, skip, seed: true }, (opened) => {
    db = opened;
  });

  interface TestUser {
    id: number;
    mobile: string | null;
    password: string;
  }

  async function newUser(options: { mobile?: boolean; password?: boolean } = {}): Promise<TestUser> {
    const n = next();
    const mobile = options.mobile === false ? null : `137${String(40_000_000 + n + (driver === 'pglite' ? 0 : 500)).padStart(8, '0')}`;
    const password = `pass_word_${n}`;
    const passwordHash = options.password === false ? null : await hashPassword(password);
    const id = await db.transaction((tx) => createUser(tx, { username: `acct_${driver}_${n}`, nickname: `设置测试${n}`, mobile, passwordHash }, new Date()));
    if (id === null) throw new Error('username taken');
    return { id, mobile, password };
  }

  async function bearer(userId: number): Promise<string> {
    return `Bearer ${(await issueToken(db, userId, { now: new Date(), userAgent: 'vitest' })).token}`;
  }

  async function plant(channel: 'sms' | 'email', recipient: string, action: 'bind' | 'verify', code: string): Promise<string> {
    const now = new Date();
    await db.insert(verificationCodes).values({ channel, recipient, action, codeHash: sha256Hex(`${recipient}:${action}:${code}`), createdAt: now, expiresAt: new Date(now.getTime() + 300_000) });
    return code;
  }

  const post = <T = unknown>(route: APIRoute, path: string, authorization: string | null, body: unknown): Promise<CallResult<T>> =>
    callRoute<T>(route, path, { method: 'POST', body, ip: freshIp(), ...(authorization === null ? {} : { authorization }) });

  async function signedChangePassword(authorization: string, body: { password: string; old_password?: string; code?: string }): Promise<CallResult<{ revoked_sessions: number }>> {
    const sign = await callRoute<SignChallenge>(getSignRoute, '/api/v1/common/getSign', { ip: freshIp() });
    const challenge = sign.body.data;
    const payload: Record<string, string> = { password: encryptPassword(challenge, body.password) };
    if (body.old_password !== undefined) payload['old_password'] = encryptPassword(challenge, body.old_password);
    if (body.code !== undefined) payload['code'] = body.code;
    const text = JSON.stringify(payload);
    return callRoute(changePasswordRoute, '/api/v1/account/changePassword', {
      method: 'POST',
      text,
      authorization,
      ip: freshIp(),
      headers: { 'x-timestamp': String(challenge.timestamp), 'x-nonce-str': challenge.nonce_str, 'x-sign': computeRequestSignature(challenge.sign, challenge.timestamp, challenge.nonce_str, text) },
    });
  }

  const tokenOf = (authorization: string): string => authorization.slice('Bearer '.length);
  /** The token's re-authentication window, opened as POST account/verifyIdentity opens it (tests/integration/reauth.test.ts covers that call). */
  const openWindow = async (authorization: string): Promise<void> => {
    const lookup = await resolveToken(db, tokenOf(authorization), new Date());
    if (!lookup.ok) throw new Error('token not live');
    await db.update(authTokens).set({ identityVerifiedAt: new Date() }).where(eq(authTokens.id, lookup.tokenId));
  };
  const alive = async (authorization: string): Promise<boolean> => (await resolveToken(db, tokenOf(authorization), new Date())).ok;

  it.skipIf(skip)('a password change with the old password signs the other devices out and keeps this one', async () => {
    const user = await newUser();
    const here = await bearer(user.id);
    const phone = await bearer(user.id);
    const laptop = await bearer(user.id);
    const wrong = await signedChangePassword(here, { old_password: 'not_the_password1', password: 'new_password_1' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(MSG_OLD_PASSWORD_WRONG);
    expect(await alive(phone)).toBe(true);

    const result = await signedChangePassword(here, { old_password: user.password, password: 'new_password_1' });
    expect(result.status).toBe(200);
    expect(result.body.data.revoked_sessions).toBe(2);
    expect(await alive(here)).toBe(true);
    expect(await alive(phone)).toBe(false);
    expect(await alive(laptop)).toBe(false);
    const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(await verifyPassword('new_password_1', row!.hash)).toBe(true);
  });

  it.skipIf(skip)('a password change by SMS code works for a user who never had a password; a bad new password changes nothing', async () => {
    const user = await newUser({ password: false });
    const here = await bearer(user.id);
    const weak = await signedChangePassword(here, { code: await plant('sms', user.mobile!, 'verify', '135790'), password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toBe('密码由字母、数字、下划线组成,长度8-30位');
    const result = await signedChangePassword(here, { code: '135790', password: 'fresh_pass_22' });
    expect(result.status).toBe(200);
    // The code is used up: the same code again is refused.
    expect((await signedChangePassword(here, { code: '135790', password: 'fresh_pass_23' })).status).toBe(400);
  });

  it.skipIf(skip)('five wrong old passwords lock the change for 15 minutes (429), even with the right one', async () => {
    const user = await newUser();
    const here = await bearer(user.id);
    for (let i = 0; i < 5; i += 1) expect((await signedChangePassword(here, { old_password: `wrong_pass_${i}x`, password: 'new_password_9' })).status).toBe(400);
    const locked = await signedChangePassword(here, { old_password: user.password, password: 'new_password_9' });
    expect(locked.status).toBe(429);
    expect(locked.body.msg).toBe(MSG_TOO_MANY_WRONG);
  });

  it.skipIf(skip)('a phone change needs both codes, signs the other devices out, and a wrong new code leaves the old code live', async () => {
    const user = await newUser();
    const here = await bearer(user.id);
    const other = await bearer(user.id);
    const newMobile = `135${String(50_000_000 + next() + (driver === 'pglite' ? 0 : 500)).padStart(8, '0')}`;
    const missingOld = await post(changePhoneRoute, '/api/v1/account/changePhone', here, { mobile: newMobile, code: await plant('sms', newMobile, 'bind', '111222') });
    // Without the old phone's code, the re-authentication window is the proof (reauth.test.ts).
    expect(missingOld.status).toBe(403);
    expect(missingOld.body.code).toBe(CODE_REAUTH_REQUIRED);
    expect(missingOld.body.msg).toBe(MSG_REAUTH_REQUIRED);

    await plant('sms', user.mobile!, 'verify', '333444');
    const wrongNew = await post(changePhoneRoute, '/api/v1/account/changePhone', here, { old_code: '333444', mobile: newMobile, code: '999999' });
    expect(wrongNew.status).toBe(400);
    expect(await alive(other)).toBe(true);

    const result = await post<{ mobile: string; revoked_sessions: number }>(changePhoneRoute, '/api/v1/account/changePhone', here, { old_code: '333444', mobile: newMobile, code: '111222' });
    expect(result.status).toBe(200);
    expect(result.body.data.mobile).toBe(`${newMobile.slice(0, 3)}****${newMobile.slice(-4)}`);
    expect(result.body.data.revoked_sessions).toBe(1);
    expect(await alive(here)).toBe(true);
    expect(await alive(other)).toBe(false);
    const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, user.id));
    expect(row!.mobile).toBe(newMobile);
  });

  it.skipIf(skip)("another account's phone is 409; a malformed body is 400 in Chinese; only POST", async () => {
    const user = await newUser();
    const taken = await newUser();
    const here = await bearer(user.id);
    await plant('sms', user.mobile!, 'verify', '121212');
    const result = await post(changePhoneRoute, '/api/v1/account/changePhone', here, { old_code: '121212', mobile: taken.mobile, code: await plant('sms', taken.mobile!, 'bind', '343434') });
    expect(result.status).toBe(409);
    for (const body of [{ mobile: '12345', code: '123456' }, { mobile: '13912345678', code: '12ab56' }, { mobile: '13912345678\u0000', code: '123456' }, { mobile: 13912345678, code: 123456 }, {}, []]) {
      const bad = await post(changePhoneRoute, '/api/v1/account/changePhone', here, body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    expect((await callRoute(changePhoneOther, '/api/v1/account/changePhone', { method: 'GET', authorization: here })).status).toBe(405);
    expect((await post(changePhoneRoute, '/api/v1/account/changePhone', null, { mobile: '13912345678', code: '123456' })).status).toBe(401);
  });

  it.skipIf(skip)('binding an email: the code goes through the outbox, is checked, and a taken address is refused', async () => {
    const user = await newUser();
    const here = await bearer(user.id);
    // A first address needs the re-authentication window (issue 25; reauth.test.ts).
    await openWindow(here);
    const email = `Bind.${driver}.${next()}@Example.com`;
    const send = await post(sendEmailCodeRoute, '/api/v1/account/sendEmailCode', here, { email, verify_key: await issueVerifyKey(db, 'sendSms', new Date()) });
    expect(send.status).toBe(200);
    // No slider, no code.
    expect((await post(sendEmailCodeRoute, '/api/v1/account/sendEmailCode', here, { email })).status).toBe(400);
    const [message] = await db.select({ body: outboxMessages.body, channel: outboxMessages.channel }).from(outboxMessages).where(eq(outboxMessages.recipient, email.toLowerCase())).orderBy(desc(outboxMessages.id)).limit(1);
    expect(message?.channel).toBe('email');
    const code = /\d{6}/.exec(message!.body)![0];
    expect((await post(changeEmailRoute, '/api/v1/account/changeEmail', here, { email, code: code === '000000' ? '000001' : '000000' })).status).toBe(400);
    const bound = await post<{ email: string; has_email: boolean }>(changeEmailRoute, '/api/v1/account/changeEmail', here, { email, code });
    expect(bound.status).toBe(200);
    expect(bound.body.data.has_email).toBe(true);
    expect(bound.body.data.email).toMatch(/^b\*\*\*@example\.com$/);
    const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(row!.email).toBe(email.toLowerCase());

    // Someone else cannot have the code sent to that address, nor bind it.
    const other = await newUser();
    const otherAuth = await bearer(other.id);
    const taken = await post(sendEmailCodeRoute, '/api/v1/account/sendEmailCode', otherAuth, { email, verify_key: await issueVerifyKey(db, 'sendSms', new Date()) });
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(MSG_EMAIL_TAKEN);
    // Changing a bound address needs the old address's code, or the window (another session has none).
    const next2 = `again.${driver}.${next()}@example.com`;
    const elsewhere = await bearer(user.id);
    const noOld = await post(changeEmailRoute, '/api/v1/account/changeEmail', elsewhere, { email: next2, code: await plant('email', next2, 'bind', '565656') });
    expect(noOld.status).toBe(403);
    const changed = await post(changeEmailRoute, '/api/v1/account/changeEmail', elsewhere, { old_code: await plant('email', email.toLowerCase(), 'verify', '787878'), email: next2, code: '565656' });
    expect(changed.status).toBe(200);
    for (const body of [{ email: 'not-an-email', code: '123456' }, { email: `a${'\u0000'}@b.cn`, code: '123456' }, { email: 'x@y.cn', code: 'abcdef' }]) {
      expect((await post(changeEmailRoute, '/api/v1/account/changeEmail', elsewhere, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it.skipIf(skip)('the verify code goes to the own phone only; a user without a phone is told so', async () => {
    const user = await newUser();
    const here = await bearer(user.id);
    const sent = await post(sendVerifyCodeRoute, '/api/v1/account/sendVerifyCode', here, { channel: 'sms', verify_key: await issueVerifyKey(db, 'sendSms', new Date()) });
    expect(sent.status).toBe(200);
    const rows = await db.select({ id: verificationCodes.id }).from(verificationCodes).where(and(eq(verificationCodes.recipient, user.mobile!), eq(verificationCodes.action, 'verify')));
    expect(rows).toHaveLength(1);
    // Within the 60 s gap: 429, as on sign-in.
    const again = await post(sendVerifyCodeRoute, '/api/v1/account/sendVerifyCode', here, { channel: 'sms', verify_key: await issueVerifyKey(db, 'sendSms', new Date()) });
    expect(again.status).toBe(429);
    const phoneless = await newUser({ mobile: false });
    const none = await post(sendVerifyCodeRoute, '/api/v1/account/sendVerifyCode', await bearer(phoneless.id), { channel: 'sms', verify_key: await issueVerifyKey(db, 'sendSms', new Date()) });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('当前账号未绑定手机号');
  });

  it.skipIf(skip)('a pay password, once set, gates withdrawals: missing and wrong are refused, the right one passes the gate', async () => {
    const user = await newUser();
    const here = await bearer(user.id);
    // Never set: the withdrawal goes on to its own checks (no Alipay account bound here).
    const before = await post(withdrawRoute, '/api/v1/account/withdraw', here, { amount: '10' });
    expect(before.body.msg).not.toBe(MSG_PAY_PASSWORD_NEEDED);

    // A first pay password needs the phone's code (or the window); a too simple one is refused.
    expect((await post(payPasswordRoute, '/api/v1/account/payPassword', here, { pay_password: '258046' })).status).toBe(403);
    const simple = await post(payPasswordRoute, '/api/v1/account/payPassword', here, { pay_password: '123456', code: await plant('sms', user.mobile!, 'verify', '864200') });
    expect(simple.status).toBe(400);
    expect(simple.body.msg).toMatch(/过于简单/);
    const set = await post(payPasswordRoute, '/api/v1/account/payPassword', here, { pay_password: '258046', code: '864200' });
    expect(set.status).toBe(200);
    const info = await callRoute<{ has_pay_password: boolean }>(userInfoRoute, '/api/v1/common/userInfo', { authorization: here });
    expect(info.body.data.has_pay_password).toBe(true);

    const missing = await post(withdrawRoute, '/api/v1/account/withdraw', here, { amount: '10' });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe(MSG_PAY_PASSWORD_NEEDED);
    const wrong = await post(withdrawRoute, '/api/v1/account/withdraw', here, { amount: '10', pay_password: '111111' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(MSG_PAY_PASSWORD_WRONG);
    const right = await post(withdrawRoute, '/api/v1/account/withdraw', here, { amount: '10', pay_password: '258046' });
    expect([MSG_PAY_PASSWORD_NEEDED, MSG_PAY_PASSWORD_WRONG]).not.toContain(right.body.msg);

    // A change with the old pay password; a wrong old one counts towards the lock.
    expect((await post(payPasswordRoute, '/api/v1/account/payPassword', here, { pay_password: '975310', old_pay_password: '000111' })).status).toBe(400);
    expect((await post(payPasswordRoute, '/api/v1/account/payPassword', here, { pay_password: '975310', old_pay_password: '258046' })).status).toBe(200);
    for (let i = 0; i < 5; i += 1) await post(withdrawRoute, '/api/v1/account/withdraw', here, { amount: '10', pay_password: '000000' });
    const locked = await post(withdrawRoute, '/api/v1/account/withdraw', here, { amount: '10', pay_password: '975310' });
    expect(locked.status).toBe(429);
  });

  it.skipIf(skip)("devices: listed with the current one marked; another user's device is 404; sign out everywhere keeps this one", async () => {
    const user = await newUser();
    const stranger = await newUser();
    const here = await bearer(user.id);
    const other = await bearer(user.id);
    const strangerAuth = await bearer(stranger.id);
    const list = await callRoute<{ list: Array<{ id: number; current: boolean }> }>(devicesRoute, '/api/v1/account/devices', { authorization: here });
    expect(list.status).toBe(200);
    expect(list.body.data.list).toHaveLength(2);
    expect(list.body.data.list[0]!.current).toBe(true);
    const otherId = list.body.data.list[1]!.id;
    // The stranger cannot sign this user's device out, nor see it.
    expect((await post(signOutDeviceRoute, '/api/v1/account/signOutDevice', strangerAuth, { id: otherId })).status).toBe(404);
    expect(await alive(other)).toBe(true);
    const strangerList = await callRoute<{ list: Array<{ id: number }> }>(devicesRoute, '/api/v1/account/devices', { authorization: strangerAuth });
    expect(strangerList.body.data.list.map((device) => device.id)).not.toContain(otherId);
    expect((await post(signOutDeviceRoute, '/api/v1/account/signOutDevice', here, { id: list.body.data.list[0]!.id })).status).toBe(400);
    expect((await post(signOutDeviceRoute, '/api/v1/account/signOutDevice', here, { id: 2 ** 40 })).status).toBe(400);

    const third = await bearer(user.id);
    const everywhere = await post<{ revoked_sessions: number }>(signOutEverywhereRoute, '/api/v1/account/signOutEverywhere', here, {});
    expect(everywhere.body.data.revoked_sessions).toBe(2);
    expect(await alive(here)).toBe(true);
    expect(await alive(other)).toBe(false);
    expect(await alive(third)).toBe(false);
    expect(await alive(strangerAuth)).toBe(true);
  });

  it.skipIf(skip)('unbinding WeChat or QQ never leaves the user without a way to sign in', async () => {
    const onlyWechat = await newUser({ mobile: false, password: false });
    await db.insert(thirdPartyIdentities).values([
      { provider: 'wechat', openId: `wx-${driver}-${next()}`, userId: onlyWechat.id },
      { provider: 'qq', openId: `qq-${driver}-${next()}`, userId: onlyWechat.id },
    ]);
    const auth = await bearer(onlyWechat.id);
    const first = await post<{ list: Array<{ provider: string; bound: boolean }> }>(unbindRoute, '/api/v1/account/unbind', auth, { provider: 'qq' });
    expect(first.status).toBe(200);
    expect(first.body.data.list.find((row) => row.provider === 'qq')!.bound).toBe(false);
    const last = await post(unbindRoute, '/api/v1/account/unbind', auth, { provider: 'wechat' });
    expect(last.status).toBe(409);
    expect(last.body.msg).toBe(UNBIND_LAST_WAY);
    expect((await post(unbindRoute, '/api/v1/account/unbind', auth, { provider: 'qq' })).status).toBe(404);
    expect((await post(unbindRoute, '/api/v1/account/unbind', auth, { provider: 'weibo' })).status).toBe(400);

    // With a phone, the last binding may go.
    const withPhone = await newUser({ password: false });
    await db.insert(thirdPartyIdentities).values({ provider: 'wechat', openId: `wx-${driver}-${next()}`, userId: withPhone.id });
    const phoneAuth = await bearer(withPhone.id);
    expect((await callRoute<{ list: Array<{ bound: boolean }> }>(bindingsRoute, '/api/v1/account/bindings', { authorization: phoneAuth })).body.data.list[0]!.bound).toBe(true);
    expect((await post(unbindRoute, '/api/v1/account/unbind', phoneAuth, { provider: 'wechat' })).status).toBe(200);
  });

  it.skipIf(skip)('the nickname is validated in Chinese and saved trimmed; an avatar must be an own upload', async () => {
    const user = await newUser();
    const here = await bearer(user.id);
    const cases: Array<[unknown, RegExp]> = [
      ['', /请输入昵称/],
      ['a', /昵称长度/],
      ['这是一个非常非常非常非常长的昵称啊啊', /昵称长度/],
      ['<b>x</b>', /昵称只能包含/],
      ['好\u0000人', /./],
      [12345, /昵称/],
    ];
    for (const [nickname, message] of cases) {
      const result = await post(profileRoute, '/api/v1/account/profile', here, { nickname });
      expect(result.status, String(nickname)).toBe(400);
      expect(result.body.msg).toMatch(message);
    }
    expect((await post(profileRoute, '/api/v1/account/profile', here, {})).status).toBe(400);
    const saved = await post<{ nickname: string }>(profileRoute, '/api/v1/account/profile', here, { nickname: '  新昵称_01 ' });
    expect(saved.status).toBe(200);
    expect(saved.body.data.nickname).toBe('新昵称_01');
    const avatar = await post(profileRoute, '/api/v1/account/profile', here, { avatar: 2_000_000 });
    expect(avatar.status).toBe(400);
    expect((await post(profileRoute, '/api/v1/account/profile', here, { avatar: 'https://evil.example/x.png' })).status).toBe(400);
  });
});
