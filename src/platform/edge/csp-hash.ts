/**
 * The CSP source of an inline script: `sha256-<base64>` of its exact text. A pure function of a
 * string, so it lives in lib/ (the component that emits the script hashes it without importing
 * server code). It must be synchronous: Astro sends the Content-Security-Policy header once the
 * page's frontmatter has run, and a hash that a component inserts after an await in its own
 * frontmatter can miss a streamed page's header (Web Crypto's digest is async; crypto-js is not).
 * Remembered per text, as the same few scripts are on every page.
 */
import Base64 from 'crypto-js/enc-base64';
import SHA256 from 'crypto-js/sha256';

export type Sha256Source = `sha256-${string}`;

const known = new Map<string, Sha256Source>();

export function scriptHash(text: string): Sha256Source {
  let hash = known.get(text);
  if (!hash) {
    hash = `sha256-${SHA256(text).toString(Base64)}`;
    known.set(text, hash);
  }
  return hash;
}
