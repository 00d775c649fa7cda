/**
 * Cross-site form posts are refused (Astro's security.checkOrigin, which we turn off to run this
 * copy of it): a state-changing request whose body a plain HTML form could send (form or text
 * content type, or none) must come with an Origin equal to ours. JSON posts need CORS preflight
 * to cross sites, so they pass. The one exemption is the payment gateways' notify, which is a
 * server-to-server form post by design and carries its own signature (services/order-payment.ts).
 */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FORM_LIKE = ['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'];
const EXEMPT_PREFIXES = ['/api/v1/pay/notify/'];

export const MSG_CROSS_SITE = 'Cross-site POST form submissions are forbidden';

export function isCrossSiteFormPost(request: Request, url: URL): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (EXEMPT_PREFIXES.some((prefix) => url.pathname.startsWith(prefix))) return false;
  if (request.headers.get('origin') === url.origin) return false;
  const contentType = request.headers.get('content-type');
  if (contentType === null) return true;
  const mediaType = contentType.split(';')[0]!.trim().toLowerCase();
  return FORM_LIKE.includes(mediaType);
}
