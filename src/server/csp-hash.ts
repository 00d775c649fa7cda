/**
 * The CSP source of an inline script: `sha256-<base64>` of its exact text. Remembered per text, as
 * the same few scripts are on every page.
 */
import { createHash } from 'node:crypto';

export type Sha256Source = `sha256-${string}`;

const known = new Map<string, Sha256Source>();

export function scriptHash(text: string): Sha256Source {
  let hash = known.get(text);
  if (!hash) {
    hash = `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
    known.set(text, hash);
  }
  return hash;
}
