import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  AGREEMENT_CONFIRM_TEXT,
  buildRealNameSchema,
  idNumberCheckChar,
  loginByPasswordSchema,
  loginBySmsSchema,
  realNameSchema,
  registerSchema,
  sendSmsSchema,
  validateAgreement,
  validateIdNumber,
  validateLoginName,
  validatePassword,
  validatePhone,
  validatePhoneForSms,
  validateRealName,
  validateSmsCode,
} from '~/platform/rules/validation';
import { chineseErrorMap, validationError } from '~/platform/http/errors';

// Messages copied from spec §5 (not imported), so a typo in the module fails here.
const PHONE_REQUIRED = '请输入手机号码';
const PHONE_INVALID = '请输入正确的手机号码';
const LOGIN_NAME_REQUIRED = '请输入手机号/用户名';
const LOGIN_NAME_TOO_LONG = '手机号/用户名最多20个字符'; // ours: §5 gives no text for "max length 20"
const PASSWORD_REQUIRED = '请输入密码';
const PASSWORD_INVALID = '密码由字母、数字、下划线组成,长度8-30位';
const SMS_CODE_REQUIRED = '请输入验证码';
const SMS_CODE_INVALID = '验证码只能为数字且长度为6';
const SMS_PHONE_INVALID = '请检查手机号输入是否有误';
const REAL_NAME_REQUIRED = '请输入真实姓名';
const ID_REQUIRED = '请输入身份证号';
const ID_INVALID = '请输入正确的身份证号';

/** 2025-06-15 12:00 in Shanghai. */
const NOW = new Date('2025-06-15T12:00:00+08:00');

describe('phone (spec §5: 1, then 3-9, then nine digits; 请输入手机号码 / 请输入正确的手机号码)', () => {
  it.each([
    ['10012345678', PHONE_INVALID],
    ['11012345678', PHONE_INVALID],
    ['12012345678', PHONE_INVALID],
    ['13012345678', null],
    ['14012345678', null],
    ['15012345678', null],
    ['16012345678', null],
    ['17012345678', null],
    ['18012345678', null],
    ['19012345678', null],
  ])('prefix of %s: %s', (phone, message) => {
    expect(validatePhone(phone)).toBe(message);
  });

  it.each([
    ['13800138000', null],
    ['19999999999', null],
    ['', PHONE_REQUIRED],
    ['   ', PHONE_REQUIRED],
    ['1380013800', PHONE_INVALID], // 10 digits
    ['138001380000', PHONE_INVALID], // 12 digits
    ['23800138000', PHONE_INVALID], // does not start with 1
    ['1380013800a', PHONE_INVALID],
    ['138 0013 8000', PHONE_INVALID],
    [' 13800138000', PHONE_INVALID], // not trimmed: the form sends what it checked
    ['+8613800138000', PHONE_INVALID],
    ['１３８００１３８０００', PHONE_INVALID], // full-width digits
  ])('%j reads %s', (phone, message) => {
    expect(validatePhone(phone)).toBe(message);
  });
});

describe('sending an SMS needs a valid phone (spec §5: 请检查手机号输入是否有误, empty included)', () => {
  it.each([
    ['13800138000', null],
    ['', SMS_PHONE_INVALID],
    ['  ', SMS_PHONE_INVALID],
    ['12800138000', SMS_PHONE_INVALID],
    ['1380013800', SMS_PHONE_INVALID],
  ])('%j reads %s', (phone, message) => {
    expect(validatePhoneForSms(phone)).toBe(message);
  });
});

describe('username/phone login field (spec §5: required 请输入手机号/用户名, at most 20)', () => {
  it.each([
    ['renter01', null],
    ['13800138000', null],
    ['a'.repeat(19), null],
    ['a'.repeat(20), null],
    ['a'.repeat(21), LOGIN_NAME_TOO_LONG],
    ['租号玩家'.repeat(5), null], // 20 Chinese characters
    ['租号玩家'.repeat(5) + '1', LOGIN_NAME_TOO_LONG],
    ['😀'.repeat(20), null], // 20 characters although 40 UTF-16 units
    ['', LOGIN_NAME_REQUIRED],
    ['   ', LOGIN_NAME_REQUIRED],
  ])('%j reads %s', (name, message) => {
    expect(validateLoginName(name)).toBe(message);
  });
});

describe('password (spec §5: required 请输入密码; 8-30 letters, digits or underscore)', () => {
  it.each([
    ['a'.repeat(7), PASSWORD_INVALID],
    ['a'.repeat(8), null],
    ['a'.repeat(30), null],
    ['a'.repeat(31), PASSWORD_INVALID],
  ])('length boundary: %s is %s', (password, message) => {
    expect(validatePassword(password)).toBe(message);
  });

  it.each([
    ['renter_pass01', null],
    ['ABCdef12', null],
    ['12345678', null],
    ['________', null],
    ['', PASSWORD_REQUIRED],
    ['        ', PASSWORD_REQUIRED],
    ['abc 12345', PASSWORD_INVALID], // space
    ['abc-12345', PASSWORD_INVALID], // hyphen
    ['abc@12345', PASSWORD_INVALID],
    ['密码密码密码密码', PASSWORD_INVALID], // letters are ASCII letters
    ['ａｂｃｄｅｆｇｈ', PASSWORD_INVALID], // full-width letters
    ['abcdefg\n', PASSWORD_INVALID],
  ])('%j reads %s', (password, message) => {
    expect(validatePassword(password)).toBe(message);
  });
});

describe('SMS code (spec §5: required 请输入验证码; exactly 6 digits, else 验证码只能为数字且长度为6)', () => {
  it.each([
    ['12345', SMS_CODE_INVALID],
    ['123456', null],
    ['1234567', SMS_CODE_INVALID],
    ['000000', null],
    ['12345a', SMS_CODE_INVALID],
    ['12 456', SMS_CODE_INVALID],
    ['１２３４５６', SMS_CODE_INVALID],
    ['', SMS_CODE_REQUIRED],
    [' ', SMS_CODE_REQUIRED],
  ])('%j reads %s', (code, message) => {
    expect(validateSmsCode(code)).toBe(message);
  });
});

describe('real name (spec §5: required 请输入真实姓名)', () => {
  it.each([
    ['张三', null],
    ['欧阳娜娜', null],
    ['', REAL_NAME_REQUIRED],
    ['  ', REAL_NAME_REQUIRED],
  ])('%j reads %s', (name, message) => {
    expect(validateRealName(name)).toBe(message);
  });
});

describe('ID check character (GB 11643 / ISO 7064 MOD 11-2)', () => {
  it.each([
    ['11010519491231002', 'X'], // the standard's own examples
    ['44052418800101001', '4'],
    ['31010419850715001', '7'],
    ['51010719960817521', '4'],
    ['33010219780512342', '7'],
  ])('%s gets check character %s', (first17, check) => {
    expect(idNumberCheckChar(first17)).toBe(check);
  });

  it('refuses anything but 17 digits', () => {
    expect(() => idNumberCheckChar('1101051949123100')).toThrow(RangeError);
    expect(() => idNumberCheckChar('1101051949123100X')).toThrow(RangeError);
  });
});

describe('ID number (spec §5: required 请输入身份证号; 18-digit resident ID with checksum, else 请输入正确的身份证号)', () => {
  it.each([
    ['11010519491231002X', 'check character X'],
    ['11010519491231002x', 'lowercase x'],
    ['440524188001010014', 'born 1880 (GB 11643 example)'],
    ['310104198507150017', 'born 1985-07-15'],
    ['510107199608175214', 'born 1996-08-17'],
    ['330102197805123427', 'born 1978-05-12'],
    ['650102200109110082', 'born 2001-09-11'],
    ['110101200002290018', 'born on 29 Feb of the leap year 2000'],
    ['44030620240101123x', 'born 2024-01-01, lowercase x'],
    ['11010520250615003X', 'born today (2025-06-15 in Shanghai)'],
  ])('%s is valid: %s', (id) => {
    expect(validateIdNumber(id, NOW)).toBeNull();
  });

  it.each([
    ['', ID_REQUIRED, 'empty'],
    ['   ', ID_REQUIRED, 'blank'],
    ['110105194912310021', ID_INVALID, 'wrong check digit (should be X)'],
    ['11010519491231002Y', ID_INVALID, 'check character not a digit or X'],
    ['440524188001010015', ID_INVALID, 'wrong check digit (should be 4)'],
    ['310104198507150018', ID_INVALID, 'wrong check digit (should be 7)'],
    ['31010419850715001X', ID_INVALID, 'X where the checksum gives 7'],
    ['510107199608175241', ID_INVALID, 'two digits swapped'],
    ['11010519491231002', ID_INVALID, '17 characters'],
    ['11010519491231002X0', ID_INVALID, '19 characters'],
    ['110105491231002', ID_INVALID, 'old 15-digit number'],
    ['010105194912310026', ID_INVALID, 'area code starting with 0'],
    ['X10105194912310020', ID_INVALID, 'X outside the last place'],
    ['11010519491231002X ', ID_INVALID, 'trailing space'],
    ['110105199913310016', ID_INVALID, 'month 13'],
    ['110105199900310017', ID_INVALID, 'month 00'],
    ['110105199901000010', ID_INVALID, 'day 00'],
    ['110105199904310014', ID_INVALID, '31 April'],
    ['110101202302290019', ID_INVALID, '29 Feb 2023 (not a leap year)'],
    ['110105190002290017', ID_INVALID, '29 Feb 1900 (not a leap year)'],
    ['110105202506160035', ID_INVALID, 'born tomorrow (2025-06-16)'],
    ['110105179912310016', ID_INVALID, 'born 1799, before the plausible range'],
  ])('%s reads %s: %s', (id, message) => {
    expect(validateIdNumber(id, NOW)).toBe(message);
  });

  it('judges "in the future" by the Shanghai date: born 2025-06-16 is valid at 01:00 that day Beijing time', () => {
    // 2025-06-15 17:00 UTC is already 2025-06-16 01:00 in Shanghai.
    expect(validateIdNumber('110105202506160035', new Date('2025-06-15T17:00:00Z'))).toBeNull();
    expect(validateIdNumber('110105202506160035', new Date('2025-06-15T15:59:59Z'))).toBe(ID_INVALID);
  });

  it.each([
    '010105194912310026',
    '110105199913310016',
    '110105199900310017',
    '110105199901000010',
    '110105199904310014',
    '110101202302290019',
    '110105190002290017',
    '110105202506160035',
    '110105179912310016',
  ])('%s is refused for its area or birth date, not its check character (which is right)', (id) => {
    expect(idNumberCheckChar(id.slice(0, 17))).toBe(id[17]);
  });
});

describe('login agreement (spec §5: unticked → confirm 需同意并阅读《平台服务协议》和《隐私政策》!)', () => {
  it('the confirm text is the spec text', () => {
    expect(AGREEMENT_CONFIRM_TEXT).toBe('需同意并阅读《平台服务协议》和《隐私政策》!');
  });

  it.each([
    [true, null],
    [false, '需同意并阅读《平台服务协议》和《隐私政策》!'],
  ])('ticked %s reads %s', (agreed, message) => {
    expect(validateAgreement(agreed)).toBe(message);
  });
});

/** The messages of a failed parse, in the order of the fields. */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('zod schemas carry the §5 messages (one source for the forms and the server)', () => {
  it.each([
    [{ username: 'renter01', password: 'renter_pass01' }, []],
    [{ username: '', password: '' }, [LOGIN_NAME_REQUIRED, PASSWORD_REQUIRED]],
    [{}, [LOGIN_NAME_REQUIRED, PASSWORD_REQUIRED]],
    [{ username: null, password: null }, [LOGIN_NAME_REQUIRED, PASSWORD_REQUIRED]],
    [{ username: 'a'.repeat(21), password: 'short' }, [LOGIN_NAME_TOO_LONG, PASSWORD_INVALID]],
    [{ username: 'renter01', password: 12345678 }, [PASSWORD_INVALID]],
  ])('loginByPasswordSchema %j → %j', (value, messages) => {
    expect(messagesOf(loginByPasswordSchema, value)).toEqual(messages);
  });

  it.each([
    [{ mobile: '13800138000', sms_code: '123456' }, []],
    [{}, [PHONE_REQUIRED, SMS_CODE_REQUIRED]],
    [{ mobile: '12800138000', sms_code: '12345' }, [PHONE_INVALID, SMS_CODE_INVALID]],
    [{ mobile: 13800138000, sms_code: 123456 }, [PHONE_INVALID, SMS_CODE_INVALID]],
  ])('loginBySmsSchema %j → %j', (value, messages) => {
    expect(messagesOf(loginBySmsSchema, value)).toEqual(messages);
  });

  it.each([
    [{ mobile: '13800138000', password: 'abc_12345', sms_code: '654321' }, []],
    [{ mobile: '13800138000', password: 'abc_12345', sms_code: '654321', invite_code: 'INV123' }, []],
    [{ mobile: '', password: '', sms_code: '' }, [PHONE_REQUIRED, PASSWORD_REQUIRED, SMS_CODE_REQUIRED]],
    [{ mobile: '1380013800', password: 'a'.repeat(31), sms_code: '1234567' }, [PHONE_INVALID, PASSWORD_INVALID, SMS_CODE_INVALID]],
  ])('registerSchema %j → %j', (value, messages) => {
    expect(messagesOf(registerSchema, value)).toEqual(messages);
  });

  it.each([
    [{ mobile: '13800138000' }, []],
    [{}, [SMS_PHONE_INVALID]],
    [{ mobile: '' }, [SMS_PHONE_INVALID]],
    [{ mobile: '10800138000' }, [SMS_PHONE_INVALID]],
  ])('sendSmsSchema %j → %j', (value, messages) => {
    expect(messagesOf(sendSmsSchema, value)).toEqual(messages);
  });

  const realNameAtNow = buildRealNameSchema(() => NOW);
  it.each([
    [{ real_name: '张三', id_number: '11010519491231002x' }, []],
    [{}, [REAL_NAME_REQUIRED, ID_REQUIRED]],
    [{ real_name: ' ', id_number: '110105194912310021' }, [REAL_NAME_REQUIRED, ID_INVALID]],
    [{ real_name: '张三', id_number: '110105202506160035' }, [ID_INVALID]],
  ])('realNameSchema %j → %j', (value, messages) => {
    expect(messagesOf(realNameAtNow, value)).toEqual(messages);
  });

  it('realNameSchema reads the real clock: a birth date after today is refused', () => {
    expect(messagesOf(realNameSchema, { real_name: '张三', id_number: '11010519491231002X' })).toEqual([]);
    expect(messagesOf(realNameSchema, { real_name: '张三', id_number: '110105299912310012' })).toEqual([ID_INVALID]);
  });

  it('strips unknown keys, so callers can extend the objects', () => {
    expect(loginBySmsSchema.parse({ mobile: '13800138000', sms_code: '123456', extra: 1 })).toEqual({
      mobile: '13800138000',
      sms_code: '123456',
    });
  });

  it('the server answers the §5 message itself as msg (chineseErrorMap does not reword it)', () => {
    const result = loginBySmsSchema.safeParse({ sms_code: '12' }, { error: chineseErrorMap });
    expect(result.success).toBe(false);
    if (result.success) return;
    const appError = validationError(result.error);
    expect(appError.message).toBe(PHONE_REQUIRED);
    expect(appError.data).toEqual({
      field: 'mobile',
      issues: [
        { field: 'mobile', code: 'invalid_type', msg: PHONE_REQUIRED },
        { field: 'sms_code', code: 'custom', msg: SMS_CODE_INVALID },
      ],
    });
  });
});
