import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '~/server/config';

describe('configuration', () => {
  it('has working defaults for the embedded demo', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ HOST: '127.0.0.1', PORT: 4321, DATA_DIR: './data', SEED_DEMO: true, BRAND_AI_HOST_MARKER: 'aizuhao' });
    expect(config.DATABASE_URL).toBeUndefined();
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

  it('production refuses sandbox providers unless allowed', () => {
    expect(() => loadConfig({ APP_ENV: 'production' })).toThrow(/ALLOW_SANDBOX/);
    expect(loadConfig({ APP_ENV: 'production', ALLOW_SANDBOX: 'true' }).ALLOW_SANDBOX).toBe(true);
  });

  it('pins a brand', () => {
    expect(loadConfig({ BRAND: 'cafe' }).BRAND).toBe('cafe');
    expect(() => loadConfig({ BRAND: 'other' })).toThrow(/BRAND/);
  });
});
