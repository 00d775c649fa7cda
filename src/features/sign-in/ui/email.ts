/**
 * The email field of 邮箱找回 (the reset by email). Not in spec §5, which names no email
 * rule: both messages and the deliberately loose pattern (something@something.tld) are ours.
 */
export const EMAIL_REQUIRED = '请输入邮箱';
export const EMAIL_INVALID = '请输入正确的邮箱地址';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

export function validateEmail(value: string): string | null {
  if (value.trim() === '') return EMAIL_REQUIRED;
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value) ? null : EMAIL_INVALID;
}
