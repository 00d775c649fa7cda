/** The account area's pure rules (issue 16): nickname, pay password, the unbind guard. */
import { describe, expect, it } from 'vitest';
import {
  NICKNAME_CHARS_INVALID,
  NICKNAME_LENGTH_INVALID,
  NICKNAME_REQUIRED,
  PAY_PASSWORD_INVALID,
  PAY_PASSWORD_REQUIRED,
  PAY_PASSWORD_TOO_SIMPLE,
  UNBIND_LAST_WAY,
  normaliseNickname,
  unbindRefusal,
  validateNickname,
  validatePayPassword,
  type SignInWays,
} from '~/features/account/rules/account-settings';

describe('nickname', () => {
  it.each([
    ['', NICKNAME_REQUIRED],
    ['   ', NICKNAME_REQUIRED],
    ['甲', NICKNAME_LENGTH_INVALID],
    ['租号', null],
    ['  租号玩家01 ', null],
    ['a'.repeat(16), null],
    ['a'.repeat(17), NICKNAME_LENGTH_INVALID],
    ['汉'.repeat(16), null],
    ['Player_one-2', null],
    ['带 空格', NICKNAME_CHARS_INVALID],
    ['<script>', NICKNAME_CHARS_INVALID],
    ['表情😀', NICKNAME_CHARS_INVALID],
    ['ｆｕｌｌ', NICKNAME_CHARS_INVALID],
    ['nul\u0000x', NICKNAME_CHARS_INVALID],
  ])('%j → %s', (value, expected) => {
    expect(validateNickname(value)).toBe(expected);
  });

  it('is stored trimmed', () => {
    expect(normaliseNickname('  小明 ')).toBe('小明');
  });
});

describe('pay password', () => {
  it.each([
    ['', PAY_PASSWORD_REQUIRED],
    ['25804', PAY_PASSWORD_INVALID],
    ['2580461', PAY_PASSWORD_INVALID],
    ['25804a', PAY_PASSWORD_INVALID],
    ['２５８０４６', PAY_PASSWORD_INVALID],
    ['111111', PAY_PASSWORD_TOO_SIMPLE],
    ['123456', PAY_PASSWORD_TOO_SIMPLE],
    ['654321', PAY_PASSWORD_TOO_SIMPLE],
    ['012345', PAY_PASSWORD_TOO_SIMPLE],
    ['123457', null],
    ['258046', null],
    ['112233', null],
  ])('%j → %s', (value, expected) => {
    expect(validatePayPassword(value)).toBe(expected);
  });
});

describe('unbinding a third-party account', () => {
  const ways = (overrides: Partial<SignInWays>): SignInWays => ({ hasPassword: false, hasMobile: false, thirdParties: ['wechat'], ...overrides });
  it.each<[string, SignInWays, 'wechat' | 'qq', string | null]>([
    ['the only way in, nothing else', ways({}), 'wechat', UNBIND_LAST_WAY],
    ['a phone remains (SMS login)', ways({ hasMobile: true }), 'wechat', null],
    ['a password remains (username login)', ways({ hasPassword: true }), 'wechat', null],
    ['QQ remains', ways({ thirdParties: ['wechat', 'qq'] }), 'wechat', null],
    ['WeChat remains', ways({ thirdParties: ['wechat', 'qq'] }), 'qq', null],
    ['QQ alone', ways({ thirdParties: ['qq'] }), 'qq', UNBIND_LAST_WAY],
  ])('%s', (_name, input, provider, expected) => {
    expect(unbindRefusal(input, provider)).toBe(expected);
  });
});
