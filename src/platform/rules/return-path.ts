/**
 * The one check for a return address or internal link taken from a query string or an answer
 * (`/502?from=`, the console's `?next=`, a gateway's return URL, an ad's link): it must name a
 * page of this site, and nothing a browser would read as another host.
 *
 * A prefix test ("starts with / and not //") is not enough: browsers read a backslash as a slash
 * (`/\host`) and strip tabs and newlines (`/%09/host` once decoded, `/\t/host`), and dot-segments
 * can fold a path into `//host` (`/.//host`). So the candidate is resolved the way a browser would,
 * against a fixed origin nobody owns, and kept only when it stays there.
 */

/** An origin no real site has (.invalid is reserved): what resolves elsewhere has left the site. */
const PROBE_ORIGIN = 'https://return-path.invalid';

/** Longer than any path of ours: a huge `from=` is refused rather than echoed into a page. */
export const RETURN_PATH_MAX_CHARS = 2048;

/**
 * Backslashes, C0/C1 controls, DEL and every Unicode space or invisible separator: a browser
 * strips or rewrites them, so what it follows is not what was checked.
 */
const UNSAFE_CHARS = /[\\\u0000-\u0020\u007f-\u00a0\u00ad\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u3000\ufeff]/u;

/** In a decoded path: backslashes and controls (an encoded space is an ordinary file name). */
const UNSAFE_PATH_CHARS = /[\\\u0000-\u001f\u007f-\u009f]/u;

/** Percent-decoded text, or null when the escapes are malformed (a path we did not write). */
function decoded(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * `raw` as a same-site path (pathname + search + hash, normalised), or `fallback` when it could
 * lead anywhere else: not starting with one slash, holding a backslash, control or space
 * character (in the path also percent-encoded), resolving to another origin, or folding into `//host`.
 */
export function sameSiteReturnPath<F extends string | null>(raw: string | null | undefined, fallback: F): string | F {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > RETURN_PATH_MAX_CHARS) return fallback;
  // 'x', '../x' and 'https:host' would depend on the page's own URL or scheme; '//host' is another host.
  if (!raw.startsWith('/') || raw.startsWith('//')) return fallback;
  if (UNSAFE_CHARS.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, `${PROBE_ORIGIN}/`);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // `/.//host` resolves to the path `//host`, which an href reads as another host. Encoded tricks
  // (`/%2F%2Fhost`, `/%5Chost`, `/%09/host`) stay on this site in a browser, but a server or proxy
  // that decodes the path before redirecting would not: no page of ours needs them in its path.
  const plainPath = decoded(url.pathname);
  if (plainPath === null || /^\/[\\/]/.test(plainPath) || UNSAFE_PATH_CHARS.test(plainPath)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** True when `raw` is a same-site path by {@link sameSiteReturnPath} (for schemas that only refine). */
export function isSameSitePath(raw: string | null | undefined): boolean {
  return sameSiteReturnPath(raw, null) !== null;
}
