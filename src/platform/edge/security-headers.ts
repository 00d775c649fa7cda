/**
 * Headers every response carries (the pages' Content-Security-Policy comes from Astro, see
 * astro.config.ts). The sign-in token lives in the browser (spec §6), so the site refuses to be
 * framed, never sniffs types, and leaks no full URL (which may hold /bind?temp_token=) to others.
 */
export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
];

/**
 * One year, subdomains included: once a browser has seen the site over https it never tries http
 * again, so nobody on the path can strip TLS from the sign-in. Production only (PUBLIC_BASE_URL
 * is https there): sent from a development or test server on http://localhost it would pin
 * localhost's other ports to https in that browser for a year.
 */
export const HSTS_HEADER: readonly [string, string] = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'];

/** The headers every response of a process running in `appEnv` carries. */
export function securityHeadersFor(appEnv: string): ReadonlyArray<readonly [string, string]> {
  return appEnv === 'production' ? [...SECURITY_HEADERS, HSTS_HEADER] : SECURITY_HEADERS;
}
