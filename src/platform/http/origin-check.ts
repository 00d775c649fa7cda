/**
 * Cross-site form posts are refused (our copy of Astro's security.checkOrigin, which we turn off to
 * run this one). Only what a plain HTML form on another site could send is refused: a POST (forms
 * send only GET and POST) whose body a form can produce (form or text content type, or none), that
 * carries no Authorization header (a form cannot set one; our credentials are Bearer tokens, never
 * ambient) and no Origin equal to ours. JSON needs a CORS preflight to cross sites; PUT, DELETE and
 * PATCH cannot come from a form at all; a Bearer call from an app or a script is not CSRF-prone.
 * The payment gateways' notify is a server-to-server form post by design and carries its own
 * signature (services/order-payment.ts), so it passes.
 */
const FORM_LIKE = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const EXEMPT_PREFIXES = ['/api/v1/pay/notify/'];

export const MSG_CROSS_SITE = '禁止跨站提交表单';

export function isCrossSiteFormPost(request: Request, url: URL): boolean {
  if (request.method.toUpperCase() !== 'POST') return false;
  if (EXEMPT_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return false;
  if (request.headers.has('authorization')) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const contentType = request.headers.get('content-type');
  if (contentType === null) return true;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return FORM_LIKE.includes(mediaType);
}
