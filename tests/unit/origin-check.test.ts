/**
 * Cross-site form posts are refused (our copy of Astro's security.checkOrigin): a POST that a plain
 * HTML form could send (form or text content type, or none), with no Authorization header, needs
 * our Origin. JSON needs a CORS preflight to cross sites; PUT/DELETE/PATCH and Bearer calls cannot
 * come from a form, so they pass. The gateways' notify is exempt: it is a server-to-server form
 * post that carries its own signature.
 */
import { describe, expect, it } from 'vitest';
import { isCrossSiteFormPost, MSG_CROSS_SITE } from '~/platform/http/origin-check';

const SITE = 'https://zuhao.example';
const EVIL = 'https://evil.example';
const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data; boundary=----x';
const TEXT = 'text/plain;charset=UTF-8';
const JSON_TYPE = 'application/json';

function check(method: string, path: string, origin: string | null, contentType: string | null, authorization?: string): boolean {
  const headers = new Headers();
  if (authorization !== undefined) headers.set('authorization', authorization);
  if (origin !== null) headers.set('origin', origin);
  if (contentType !== null) headers.set('content-type', contentType);
  const hasBody = !['GET', 'HEAD'].includes(method.toUpperCase());
  const request = new Request(`${SITE}${path}`, { method, headers, body: hasBody ? 'x=1' : undefined });
  // new Request() adds text/plain for a string body; put back exactly what the row says.
  if (contentType === null) request.headers.delete('content-type');
  else request.headers.set('content-type', contentType);
  return isCrossSiteFormPost(request, new URL(request.url));
}

describe('cross-site form posts (origin check)', () => {
  it.each([
    // method, path, origin, content-type, refused
    ['GET', '/api/v1/order/list', EVIL, null, false],
    ['HEAD', '/api/v1/order/list', EVIL, null, false],
    ['OPTIONS', '/api/v1/order/create', EVIL, FORM, false],
    ['POST', '/api/v1/order/create', EVIL, FORM, true],
    ['POST', '/api/v1/order/create', EVIL, MULTIPART, true],
    ['POST', '/api/v1/order/create', EVIL, TEXT, true],
    ['POST', '/api/v1/order/create', EVIL, 'Application/X-WWW-Form-Urlencoded; charset=utf-8', true],
    ['POST', '/api/v1/order/create', null, FORM, true],
    ['POST', '/api/v1/order/create', 'null', FORM, true],
    ['POST', '/api/v1/order/create', 'http://zuhao.example', FORM, true],
    ['POST', '/api/v1/order/create', `${SITE}:8443`, FORM, true],
    ['POST', '/api/v1/order/create', SITE, FORM, false],
    ['POST', '/api/v1/order/create', SITE, null, false],
    ['POST', '/api/v1/order/create', EVIL, null, true],
    ['POST', '/api/v1/order/create', null, null, true],
    ['POST', '/api/v1/order/create', EVIL, JSON_TYPE, false],
    ['POST', '/api/v1/order/pay', null, 'application/json; charset=utf-8', false],
    // A form sends only GET and POST.
    ['PUT', '/api/v1/account/profile', EVIL, FORM, false],
    ['DELETE', '/api/v1/home/searchHistory', EVIL, TEXT, false],
    ['DELETE', '/api/v1/home/searchHistory', null, null, false],
    ['PATCH', '/api/v1/account/profile', EVIL, JSON_TYPE, false],
    ['post', '/api/v1/order/create', EVIL, FORM, true],
    // The gateways' notify: a form post from another site by design.
    ['POST', '/api/v1/pay/notify/alipay', null, FORM, false],
    ['POST', '/api/v1/pay/notify/wechat', 'https://openapi.alipay.com', FORM, false],
    ['POST', '/api/v1/pay/notify/alipay', EVIL, null, false],
    // Only that prefix: a look-alike path is not exempt.
    ['POST', '/api/v1/pay/notifyx', EVIL, FORM, true],
    ['POST', '/api/v1/pay/notify', EVIL, FORM, true],
    ['POST', '/api/v1/sandbox/pay/confirm', EVIL, FORM, true],
  ] as [string, string, string | null, string | null, boolean][])('%s %s from %s as %s → refused %s', (method, path, origin, contentType, refused) => {
    expect(check(method, path, origin, contentType)).toBe(refused);
  });

  it.each([
    // A Bearer call (an app, a script, the spec's POST notifications/{id}/read with no body): a form cannot set Authorization.
    ['POST', '/api/v1/notifications/1/read', null, null, 'Bearer abc', false],
    ['POST', '/api/v1/order/create', EVIL, TEXT, 'Bearer abc', false],
    ['POST', '/api/v1/order/create', null, FORM, 'Basic abc', false],
  ] as [string, string, string | null, string | null, string, boolean][])('%s %s from %s as %s with %s → refused %s', (method, path, origin, contentType, authorization, refused) => {
    expect(check(method, path, origin, contentType, authorization)).toBe(refused);
  });

  it('the refusal is a Chinese message for the envelope', () => {
    expect(MSG_CROSS_SITE).toBe('禁止跨站提交表单');
  });
});
