/**
 * The CSP source of an inline script: `sha256-<base64>` of its exact text. A pure function of a
 * string, so it lives in lib/ and uses Web Crypto (global in Node and in browsers) rather than
 * node:crypto: the component that emits the script can hash it without importing server code.
 * Web Crypto digests are async; Astro frontmatter awaits them. Remembered per text, as the same
 * few scripts are on every page (a cache of a pure function, not per-request data).
 */
export type Sha256Source = `sha256-${string}`;

const known = new Map<string, Promise<Sha256Source>>();

async function digestSource(text: string): Promise<Sha256Source> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  let binary = '';
  for (const byte of digest) binary += String.fromCharCode(byte);
  return `sha256-${btoa(binary)}`;
}

export function scriptHash(text: string): Promise<Sha256Source> {
  let hash = known.get(text);
  if (!hash) {
    hash = digestSource(text);
    known.set(text, hash);
  }
  return hash;
}
