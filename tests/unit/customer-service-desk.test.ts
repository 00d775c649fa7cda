/** The customer-service desk port (issue 15): our own chat unless a desk URL is configured, validated at start. */
import { describe, expect, it } from 'vitest';
import { loadConfig, PRODUCTION_TEST_ENV } from '~/platform/config/config';
import { createCustomerServiceDesk } from '~/platform/providers/customer-service';

describe('customer-service desk', () => {
  it('unset: our own chat, /redirect shows it', () => {
    expect(createCustomerServiceDesk(loadConfig({}))).toEqual({ kind: 'own-chat', redirectUrl: null });
    // Production may run the own chat: it is a real desk, not a sandbox.
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV })).not.toThrow();
  });

  it('a desk URL: /redirect sends the browser there', () => {
    const url = 'https://qiyukf.com/client?k=abc123&wp=1';
    expect(createCustomerServiceDesk(loadConfig({ CUSTOMER_SERVICE_DESK_URL: url }))).toEqual({ kind: 'external', redirectUrl: url });
  });

  it.each(['qiyukf.com/client', 'javascript:alert(1)', 'ftp://desk.example/x'])('refuses %s at start, naming the variable', (value) => {
    expect(() => loadConfig({ CUSTOMER_SERVICE_DESK_URL: value })).toThrow(/CUSTOMER_SERVICE_DESK_URL/);
  });

  it('production wants https', () => {
    expect(() => loadConfig({ ...PRODUCTION_TEST_ENV, CUSTOMER_SERVICE_DESK_URL: 'http://desk.example/chat' })).toThrow(/CUSTOMER_SERVICE_DESK_URL must be an https:\/\/ address in production/);
    expect(loadConfig({ ...PRODUCTION_TEST_ENV, CUSTOMER_SERVICE_DESK_URL: 'https://desk.example/chat' }).CUSTOMER_SERVICE_DESK_URL).toBe('https://desk.example/chat');
  });
});
