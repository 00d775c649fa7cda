/**
 * The caller's IP address for rate limits. Behind a proxy or load balancer (many processes,
 * ARCHITECTURE "past one machine") set TRUST_PROXY=true so the first X-Forwarded-For hop is used;
 * otherwise that header is ignored, since any client can write it.
 */
import type { APIContext } from 'astro';
import { appConfig } from '~/platform/config/config';

let trusted: boolean | undefined;
const trustProxy = (): boolean => (trusted ??= appConfig().TRUST_PROXY);

export function clientIp(astro: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (trustProxy()) {
    const forwarded = astro.request.headers.get('x-forwarded-for')?.split(',', 1)[0]?.trim();
    if (forwarded) return forwarded.slice(0, 64);
  }
  try {
    return astro.clientAddress || 'unknown';
  } catch {
    // Astro throws when the adapter cannot tell (tests calling handlers directly).
    return 'unknown';
  }
}
