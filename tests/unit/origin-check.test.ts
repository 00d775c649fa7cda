/**
 * Cross-site form posts are refused (our copy of Astro's security.checkOrigin): a state-changing
 * request a plain HTML form could send (form or text content type, or none) needs our Origin;
 * JSON needs a CORS preflight to cross sites, so it passes. The gateways' notify is exempt: it is
 * a server-to-server form post that carries its own signature.
 */
import { describe, expect, it } from 'vitest';
import { isCrossSiteFormPost, MSG_CROSS_SITE } from '~/server/origin-check';

const SITE = 'https://zuhao.example';
const EVIL = 'https://evil.example';
const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data; boundary=----x';
const TEXT = 'text/plain;charset=UTF-8';
const JSON_TYPE = 'application/json';

function check(method: string, path: string, origin: string | null, contentType: string | null): boolean {
  const headers = new Headers();
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
    ['PUT', '/api/v1/account/profile', EVIL, FORM, true],
    ['DELETE', '/api/v1/home/searchHistory', EVIL, TEXT, true],
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

  it('the refusal text is the one Astro sends', () => {
    expect(MSG_CROSS_SITE).toBe('Cross-site POST form submissions are forbidden');
  });
});
