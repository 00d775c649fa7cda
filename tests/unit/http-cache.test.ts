import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, pickEncoding, weakEtag } from '~/platform/edge/http-cache';

describe('If-None-Match (RFC 9110 §13.1.2, weak comparison)', () => {
  const etag = weakEtag(new TextEncoder().encode('body'));
  const opaque = etag.slice(2);

  it.each([
    ['the same weak tag', etag, true],
    ['the tag without W/', opaque, true],
    ['one of a list', `"a", ${etag}, "b"`, true],
    ['a star', '*', true],
    ['another tag', 'W/"other"', false],
    ['nothing', null, false],
    ['an empty header', '', false],
  ])('%s: %s -> %s', (_label, header, expected) => {
    expect(ifNoneMatchHits(header, etag)).toBe(expected);
  });
});

describe('encoding pick', () => {
  it('prefers brotli, then gzip, among what the client accepts', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('deflate')).toBeNull();
  });

  it('only picks an encoding that is available', () => {
    expect(pickEncoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(pickEncoding('br', ['gzip'])).toBeNull();
    expect(pickEncoding('br, gzip', [])).toBeNull();
  });

  it('does not mistake a longer token for br', () => {
    expect(pickEncoding('brotli-ish')).toBeNull();
  });
});
