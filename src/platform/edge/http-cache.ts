/**
 * Conditional requests and content negotiation shared by the page cache and the static files
 *: the weak ETag of a body, If-None-Match, and the encoding picked from Accept-Encoding.
 */
import { createHash } from 'node:crypto';
import type http from 'node:http';

export type ContentCoding = 'br' | 'gzip';

const EVERY_CODING: readonly ContentCoding[] = ['br', 'gzip'];

/**
 * The encoding to answer with among those `available`: brotli, then gzip, else none (q-values are
 * not weighed).
 */
export function pickEncoding(acceptEncoding: string | null | undefined, available: readonly ContentCoding[] = EVERY_CODING): ContentCoding | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (available.includes('br') && /\bbr\b/.test(accepted)) return 'br';
  if (available.includes('gzip') && /\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/**
 * A weak validator of the body's bytes. Weak because one entity is sent as br, gzip or identity:
 * the bytes differ, the content does not (RFC 9110 §8.8.1), so one tag serves every encoding.
 */
export function weakEtag(body: Uint8Array | ArrayBuffer): string {
  const bytes = body instanceof Uint8Array ? body : new Uint8Array(body);
  return `W/"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether If-None-Match names `etag` (RFC 9110 §13.1.2: weak comparison, `*` matches any current
 * representation), so the answer is 304 Not Modified.
 */
export function ifNoneMatchHits(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string): string => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || opaque(tag) === wanted;
  });
}

/** Headers a 304 leaves out: they describe a body that is not sent (RFC 9110 §15.4.5). */
export const NOT_MODIFIED_DROPS: ReadonlySet<string> = new Set(['content-type', 'content-length', 'content-encoding', 'transfer-encoding']);

/** An answer decided before it is written: by the page cache and the static files alike. */
export interface HttpAnswer {
  status: number;
  headers: Array<[string, string]>;
  /** null for 304; a HEAD request sends the headers only. */
  body: Uint8Array | null;
}

/** Writes an answer to node's response; headers already set on it (the security headers) stay. */
export function writeAnswer(res: http.ServerResponse, answer: HttpAnswer, headOnly: boolean): void {
  const grouped = new Map<string, string[]>();
  for (const [name, value] of answer.headers) {
    const values = grouped.get(name.toLowerCase());
    if (values) values.push(value);
    else grouped.set(name.toLowerCase(), [value]);
  }
  for (const [name, values] of grouped) res.setHeader(name, values.length === 1 ? values[0]! : values);
  res.writeHead(answer.status);
  if (headOnly || answer.body === null) res.end();
  else res.end(answer.body);
}
