/** The 支付宝账号 field: Alipay logins are a phone number or an email address. */
import { validatePhone } from '~/platform/rules/validation';
import { validateEmail } from '~/features/sign-in/ui/email';

export const ALIPAY_ACCOUNT_REQUIRED = '请输入支付宝账号';
export const ALIPAY_ACCOUNT_INVALID = '请输入正确的支付宝账号（手机号或邮箱）';

export function validateAlipayAccount(value: string): string | null {
  const account = value.trim();
  if (account === '') return ALIPAY_ACCOUNT_REQUIRED;
  return validatePhone(account) === null || validateEmail(account) === null ? null : ALIPAY_ACCOUNT_INVALID;
}
