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
