import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PRODUCTION_TEST_ENV } from '~/platform/config/config';
import { effectiveLimit } from '~/platform/db/rate-limit';
import { captchaProviderOf } from '~/platform/providers/sign-in-config';
import { createSignInProviders } from '~/platform/providers/sign-in-providers';

describe('configuration', () => {
  it('has working defaults for the embedded demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ HOST: '127.0.0.1', PORT: 4321, DATA_DIR: './data', SEED_DEMO: true, BRAND_AI_HOST_MARKER: 'aizuhao' });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it('names PostgreSQL statements unless told not to (PgBouncer in transaction mode)', () => {
    expect(loadConfig({}).DATABASE_NAMED_STATEMENTS).toBe(true);
    expect(loadConfig({ DATABASE_NAMED_STATEMENTS: 'false' }).DATABASE_NAMED_STATEMENTS).toBe(false);
    expect(() => loadConfig({ DATABASE_NAMED_STATEMENTS: 'sometimes' })).toThrow(/DATABASE_NAMED_STATEMENTS/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).PORT).toBe(4321);
  });

  it('refuses a wrong port with a message naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses a DATABASE_URL that is not postgres', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
  });

  it('takes the owner URL for migrations only beside a DATABASE_URL', () => {
    const owner = 'postgres://zuhao_owner@db:5432/zuhao';
    expect(loadConfig({ DATABASE_URL: 'postgres://zuhao_app@db:5432/zuhao', DATABASE_MIGRATION_URL: owner }).DATABASE_MIGRATION_URL).toBe(owner);
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: owner })).toThrow(/DATABASE_MIGRATION_URL needs DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://zuhao_app@db/zuhao', DATABASE_MIGRATION_URL: 'mysql://x' })).toThrow(/DATABASE_MIGRATION_URL/);
  });

  it('production refuses sandbox providers unless allowed', () => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, ALLOW_SANDBOX: undefined })).toThrow(/ALLOW_SANDBOX/);
    expect(loadConfig(PRODUCTION_TEST_ENV).ALLOW_SANDBOX).toBe(true);
  });

  it('production names the ports that would run their sandbox', () => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, ALLOW_SANDBOX: undefined })).toThrow(/payment-alipay, payment-wechat, payout, sms, email, wechat-login, qq-login;/);
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, ALLOW_SANDBOX: undefined, CAPTCHA_PROVIDER: 'sandbox' })).toThrow(/sms, email, captcha, wechat-login/);
  });

  it('production runs ALTCHA unless told otherwise; elsewhere the slider', () => {
    expect(captchaProviderOf(loadConfig(PRODUCTION_TEST_ENV))).toBe('altcha');
    expect(captchaProviderOf(loadConfig({}))).toBe('sandbox');
    expect(captchaProviderOf(loadConfig({ CAPTCHA_PROVIDER: 'altcha' }))).toBe('altcha');
    expect(createSignInProviders(loadConfig(PRODUCTION_TEST_ENV)).altcha).toMatchObject({ hmacKey: null, cost: 1000, maxCounter: 2000 });
    expect(createSignInProviders(loadConfig({})).altcha).toBeNull();
  });

  it('refuses ALTCHA settings without ALTCHA, and a short ALTCHA_HMAC_KEY', () => {
    expect(() => loadConfig({ ALTCHA_MAX_COUNTER: '10' })).toThrow(/ALTCHA_MAX_COUNTER set but CAPTCHA_PROVIDER is not altcha/);
    expect(() => loadConfig({ CAPTCHA_PROVIDER: 'altcha', ALTCHA_HMAC_KEY: 'short' })).toThrow(/ALTCHA_HMAC_KEY must be at least 32 characters/);
    expect(loadConfig({ CAPTCHA_PROVIDER: 'altcha', ALTCHA_HMAC_KEY: 'k'.repeat(32), ALTCHA_COST: '1' }).ALTCHA_COST).toBe(1);
  });

  it('refuses a half-configured provider in any environment, naming the missing variable', () => {
    expect(() => loadConfig({ ALIPAY_APP_ID: '2021000000000001' })).toThrow(/ALIPAY_PRIVATE_KEY is required when ALIPAY_APP_ID is set/);
    expect(() => loadConfig({ SMS_PROVIDER: 'aliyun' })).toThrow(/ALIYUN_SMS_ACCESS_KEY_ID is required when SMS_PROVIDER=aliyun/);
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, QQ_LOGIN_PROVIDER: 'qq', QQ_LOGIN_APP_ID: '101' })).toThrow(/QQ_LOGIN_APP_KEY is required when QQ_LOGIN_PROVIDER=qq/);
  });

  it('production refuses to start without CREDENTIALS_KEY, naming it', () => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, CREDENTIALS_KEY: undefined })).toThrow(/CREDENTIALS_KEY is required/);
  });

  it('seeds the demo by default outside production only', () => {
    expect(loadConfig({ APP_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadConfig({ APP_ENV: 'test' }).SEED_DEMO).toBe(true);
    expect(loadConfig(PRODUCTION_TEST_ENV).SEED_DEMO).toBe(false);
    expect(loadConfig({ ...PRODUCTION_TEST_ENV, SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    expect(loadConfig({ APP_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });

  it.each(['true', '1', 'yes'])('production refuses SEED_DEMO=%s, naming it', (raw) => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, SEED_DEMO: raw })).toThrow(/SEED_DEMO=true is refused when APP_ENV=production/);
  });

  it('production refuses an http:// PUBLIC_BASE_URL, which development accepts', () => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, PUBLIC_BASE_URL: 'http://zuhao.example' })).toThrow(/PUBLIC_BASE_URL must be an https:\/\/ address when APP_ENV=production/);
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://zuhao.example' }).PUBLIC_BASE_URL).toBe('http://zuhao.example');
  });

  it('production refuses to start without PUBLIC_BASE_URL, naming it', () => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, PUBLIC_BASE_URL: undefined })).toThrow(/PUBLIC_BASE_URL is required/);
  });

  it.each(['abc', '0'.repeat(63), 'g'.repeat(64)])('refuses CREDENTIALS_KEY %s', (key) => {
    expect(() => loadConfig({ CREDENTIALS_KEY: key })).toThrow(/CREDENTIALS_KEY must be 64 hex digits/);
  });

  it.each([
    ['https://zuhao.example', 'https://zuhao.example'],
    ['https://zuhao.example/', 'https://zuhao.example'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
  ])('reads PUBLIC_BASE_URL %s as %s', (raw, read) => {
    expect(loadConfig({ PUBLIC_BASE_URL: raw }).PUBLIC_BASE_URL).toBe(read);
  });

  it.each(['zuhao.example', 'ftp://zuhao.example', 'https://zuhao.example/shop', 'https://zuhao.example/?a=1'])('refuses PUBLIC_BASE_URL %s', (raw) => {
    expect(() => loadConfig({ PUBLIC_BASE_URL: raw })).toThrow(/PUBLIC_BASE_URL/);
  });

  it('pins a brand', () => {
    expect(loadConfig({ BRAND: 'cafe' }).BRAND).toBe('cafe');
    expect(() => loadConfig({ BRAND: 'other' })).toThrow(/BRAND/);
  });
});

describe('per-IP rate limits (IP_RATE_LIMIT_FACTOR)', () => {
  it('defaults to 1 and takes a whole number from 1 to 1000', () => {
    expect(loadConfig({}).IP_RATE_LIMIT_FACTOR).toBe(1);
    expect(loadConfig({ IP_RATE_LIMIT_FACTOR: '20' }).IP_RATE_LIMIT_FACTOR).toBe(20);
    for (const bad of ['0', '1.5', '1001', 'many']) expect(() => loadConfig({ IP_RATE_LIMIT_FACTOR: bad })).toThrow(ConfigError);
  });

  it('multiplies the per-IP buckets only', () => {
    const table: Array<[bucket: string, limitAtFactor20: number]> = [
      ['login:ip:203.0.113.9', 1_000],
      ['code:ip:::1', 1_000],
      ['exchange_code:ip:203.0.113.9', 1_000],
      ['ops-login:ip:203.0.113.9', 1_000],
      ['login:name:renter01', 50],
      ['sms:phone:13800000001', 50],
      ['chat:user:7', 50],
    ];
    for (const [bucket, expected] of table) expect(effectiveLimit({ bucket, limit: 50 }, 20), bucket).toBe(expected);
    expect(effectiveLimit({ bucket: 'login:ip:203.0.113.9', limit: 50 }, 1)).toBe(50);
  });
});
