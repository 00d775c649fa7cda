import { describe, expect, it } from 'vitest';
import { parseByteRange, type ByteRange } from '~/features/content/rules/byte-range';

describe('parseByteRange (launcher downloads)', () => {
  const cases: [string | null, number, ByteRange][] = [
    [null, 100, { kind: 'whole' }],
    ['bytes=0-9', 100, { kind: 'part', start: 0, end: 9 }],
    ['bytes=10-', 100, { kind: 'part', start: 10, end: 99 }],
    ['bytes=90-200', 100, { kind: 'part', start: 90, end: 99 }],
    ['bytes=-10', 100, { kind: 'part', start: 90, end: 99 }],
    ['bytes=-500', 100, { kind: 'part', start: 0, end: 99 }],
    ['bytes=99-99', 100, { kind: 'part', start: 99, end: 99 }],
    [' bytes = 5 - 6 ', 100, { kind: 'part', start: 5, end: 6 }],
    ['bytes=100-', 100, { kind: 'unsatisfiable' }],
    ['bytes=150-160', 100, { kind: 'unsatisfiable' }],
    ['bytes=-0', 100, { kind: 'unsatisfiable' }],
    // Not understood or several ranges: the whole file.
    ['bytes=9-0', 100, { kind: 'whole' }],
    ['bytes=0-1,5-6', 100, { kind: 'whole' }],
    ['bytes=-', 100, { kind: 'whole' }],
    ['items=0-1', 100, { kind: 'whole' }],
    ['bytes=abc-', 100, { kind: 'whole' }],
    ['bytes=1234567890123456-', 100, { kind: 'whole' }],
  ];
  it.each(cases)('%j of %i bytes', (header, size, expected) => {
    expect(parseByteRange(header, size)).toEqual(expected);
  });
});
