/**
 * The re-authentication window ("sudo mode", docs/decisions.md "Re-authentication window"): pure
 * rules, `now` passed in.
 */
import { REAUTH_WINDOW_S } from '~/features/account/constants';

/** Whether a proof made at `provedAt` still covers a change at `now` (a proof from the future does not). */
export function identityWindowOpen(provedAt: Date | null, now: Date, windowS: number = REAUTH_WINDOW_S): boolean {
  if (!provedAt) return false;
  const age = now.getTime() - provedAt.getTime();
  return age >= 0 && age < windowS * 1000;
}

/** The changes the window guards; each is told to the user on the old channels. */
export const SECURITY_CHANGES = ['password', 'phone_bound', 'phone_changed', 'email_bound', 'email_changed', 'pay_password', 'payout_account'] as const;
export type SecurityChange = (typeof SECURITY_CHANGES)[number];

export const SECURITY_CHANGE_TEXT: Readonly<Record<SecurityChange, string>> = {
  password: '修改了登录密码',
  phone_bound: '绑定了手机号',
  phone_changed: '更换了绑定手机号',
  email_bound: '绑定了邮箱',
  email_changed: '更换了绑定邮箱',
  pay_password: '设置了支付密码',
  payout_account: '更换了提现支付宝账户',
};

/** The notice's sentence: when, what, and what to do if it was not the owner. */
export function securityNoticeText(change: SecurityChange, when: string): string {
  return `您的账号于${when}${SECURITY_CHANGE_TEXT[change]}，其他设备已退出登录。如非本人操作，请立即修改登录密码并联系客服。`;
}
