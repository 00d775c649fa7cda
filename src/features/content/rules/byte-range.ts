/**
 * The one byte range a launcher download honours (RFC 9110 §14): `bytes=a-b`, `bytes=a-` or
 * `bytes=-n`. A header we do not understand, or several ranges, is ignored (the whole file, which
 * the RFC allows); a range starting past the end is unsatisfiable (416).
 */
export type ByteRange = { kind: 'whole' } | { kind: 'part'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function parseByteRange(header: string | null, size: number): ByteRange {
  if (header === null) return { kind: 'whole' };
  const match = SINGLE_RANGE.exec(header.replace(/\s+/g, ''));
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first.length > 15 || last.length > 15) return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(size - suffix, 0), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: 'part', start, end };
}
