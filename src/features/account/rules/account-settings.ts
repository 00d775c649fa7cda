/**
 * Pure rules of the account area (个人中心 / 账号设置): what a nickname and a pay password
 * may be, and whether a third-party binding may go without leaving the user unable to sign in.
 * Every message is shown as is by the form and by the server (no spec text exists for them).
 */
import { NICKNAME_MAX_CHARS, NICKNAME_MIN_CHARS, PAY_PASSWORD_LENGTH } from '~/features/account/constants';

export const NICKNAME_REQUIRED = '请输入昵称';
export const NICKNAME_LENGTH_INVALID = `昵称长度为${NICKNAME_MIN_CHARS}-${NICKNAME_MAX_CHARS}个字符`;
export const NICKNAME_CHARS_INVALID = '昵称只能包含中文、字母、数字、下划线和短横线';
export const PAY_PASSWORD_REQUIRED = '请输入支付密码';
export const PAY_PASSWORD_INVALID = `支付密码为${PAY_PASSWORD_LENGTH}位数字`;
export const PAY_PASSWORD_TOO_SIMPLE = '支付密码过于简单，请勿使用相同或连续的数字';
export const UNBIND_LAST_WAY = '解绑后将无法登录，请先绑定手机号或设置登录密码';

/** Han characters, ASCII letters and digits, underscore, hyphen: no spaces, emoji or markup. */
const NICKNAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9_-]+$/u;
const PAY_PASSWORD_PATTERN = new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`);

/** The nickname as stored: surrounding whitespace trimmed. */
export function normaliseNickname(value: string): string {
  return value.trim();
}

/** null when `value` (trimmed) is a valid nickname, else the message to show. */
export function validateNickname(value: string): string | null {
  const name = normaliseNickname(value);
  if (name === '') return NICKNAME_REQUIRED;
  const length = Array.from(name).length;
  if (length < NICKNAME_MIN_CHARS || length > NICKNAME_MAX_CHARS) return NICKNAME_LENGTH_INVALID;
  if (!NICKNAME_PATTERN.test(name)) return NICKNAME_CHARS_INVALID;
  return null;
}

/**
 * null when `value` is a usable pay password: 6 ASCII digits, not all one digit and not a run up
 * or down (123456, 654321), the first guesses of anyone holding a stolen session.
 */
export function validatePayPassword(value: string): string | null {
  if (value === '') return PAY_PASSWORD_REQUIRED;
  if (!PAY_PASSWORD_PATTERN.test(value)) return PAY_PASSWORD_INVALID;
  const digits = Array.from(value, Number);
  const steps = digits.slice(1).map((digit, i) => digit - digits[i]!);
  if (steps.every((step) => step === 0) || steps.every((step) => step === 1) || steps.every((step) => step === -1)) return PAY_PASSWORD_TOO_SIMPLE;
  return null;
}

export type ThirdParty = 'wechat' | 'qq';

/** The ways an account can sign in (spec §4: password, SMS code, WeChat/QQ QR). */
export interface SignInWays {
  hasPassword: boolean;
  hasMobile: boolean;
  /** The third-party identities bound now. */
  thirdParties: readonly ThirdParty[];
}

/**
 * null when `provider` may be unbound, else why not: after the unbind some way in must remain. A
 * phone alone is one (an SMS login signs in with it); a password needs a login name, which every
 * account has (its username).
 */
export function unbindRefusal(ways: SignInWays, provider: ThirdParty): string | null {
  const othersLeft = ways.thirdParties.filter((party) => party !== provider).length;
  return ways.hasPassword || ways.hasMobile || othersLeft > 0 ? null : UNBIND_LAST_WAY;
}
