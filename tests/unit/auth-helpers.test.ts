import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, EMAIL_REQUIRED, validateEmail } from '~/features/sign-in/ui/email';
import { captureInviteCode, INVITE_CODE_KEY } from '~/features/sign-in/ui/invite-code';
import { qrStatusText } from '~/features/sign-in/ui/plain/scan-panel';
import { readSentAt, recordSent, resendRemaining, SMS_SENT_AT_KEY } from '~/features/sign-in/ui/sms-countdown';
import { memoryStorage } from './api-helpers';

const T0 = Date.UTC(2026, 0, 1, 4, 0, 0);

describe('SMS resend countdown storage (spec §5/§9: 60 s, survives a reload)', () => {
  it('counts 60 s from the stored send time of that phone only', () => {
    const store = memoryStorage();
    recordSent(store, '13800138000', T0);
    expect(resendRemaining(store, '13800138000', T0)).toBe(60);
    expect(resendRemaining(store, '13800138000', T0 + 59_001)).toBe(1);
    expect(resendRemaining(store, '13800138000', T0 + 60_000)).toBe(0);
    expect(resendRemaining(store, '13900139000', T0)).toBe(0);
  });

  it('a reload (a new read of the same storage) resumes the countdown', () => {
    const store = memoryStorage();
    recordSent(store, '13800138000', T0);
    expect(readSentAt(store, '13800138000')).toBe(T0);
    expect(resendRemaining(store, '13800138000', T0 + 20_000)).toBe(40);
  });

  it('a 429 retry_after shortens the countdown to that wait', () => {
    const store = memoryStorage();
    recordSent(store, '13800138000', T0, 15);
    expect(resendRemaining(store, '13800138000', T0)).toBe(15);
  });

  it('old entries are pruned on the next write; junk storage reads as no countdown', () => {
    const store = memoryStorage();
    recordSent(store, '13800138000', T0);
    recordSent(store, '13900139000', T0 + 61_000);
    expect(Object.keys(JSON.parse(store.getItem(SMS_SENT_AT_KEY)!) as object)).toEqual(['13900139000']);
    store.setItem(SMS_SENT_AT_KEY, 'not json');
    expect(resendRemaining(store, '13900139000', T0)).toBe(0);
    expect(resendRemaining(null, '13900139000', T0)).toBe(0);
  });
});

describe('invite code (spec §3: also kept locally)', () => {
  it('a link code wins and is kept for later visits', () => {
    const store = memoryStorage();
    expect(captureInviteCode('?invite=AB12', store)).toBe('AB12');
    expect(store.getItem(INVITE_CODE_KEY)).toBe('AB12');
    expect(captureInviteCode('', store)).toBe('AB12');
    expect(captureInviteCode('?invite=ZZ9', store)).toBe('ZZ9');
  });

  it('no code anywhere is empty; a malformed link code is ignored', () => {
    const store = memoryStorage();
    expect(captureInviteCode('?a=1', store)).toBe('');
    expect(captureInviteCode('?invite=%3Cscript%3E', store)).toBe('');
    expect(store.getItem(INVITE_CODE_KEY)).toBeNull();
    expect(captureInviteCode('?invite=AB12', null)).toBe('AB12');
  });
});

describe('email field of 邮箱找回 (ours)', () => {
  it.each([
    ['', EMAIL_REQUIRED],
    ['  ', EMAIL_REQUIRED],
    ['a@b', EMAIL_INVALID],
    ['a b@c.cn', EMAIL_INVALID],
    ['renter@example.com', null],
  ])('%j → %s', (value, message) => expect(validateEmail(value)).toBe(message));
});

describe('QR state words (spec §4 states)', () => {
  it.each([
    ['wechat', 'waiting', '请使用微信扫码'],
    ['qq', 'waiting', '请使用QQ扫码'],
    ['app', 'scanned', '已扫码，请在手机上确认'],
    ['wechat', 'logined', '登录成功'],
    ['wechat', 'cancelled', '已取消，点击刷新'],
    ['qq', 'expired', '二维码已过期，正在刷新'],
    ['app', 'error', '二维码加载失败，点击刷新'],
  ] as const)('%s %s → %s', (platform, state, text) => expect(qrStatusText(platform, state)).toBe(text));
});
