import { describe, expect, it } from 'vitest';
import { RETURN_PATH_MAX_CHARS, isSameSitePath, sameSiteReturnPath } from '~/platform/rules/return-path';

const FALLBACK = '/fallback';

// Every way a "starts with /" check has been talked into leaving the site.
const REFUSED: Array<[label: string, raw: string | null | undefined]> = [
  ['null', null],
  ['undefined', undefined],
  ['empty', ''],
  ['protocol-relative', '//evil.example'],
  ['protocol-relative with path', '//evil.example/pay-result'],
  ['three slashes', '///evil.example'],
  ['slash backslash', '/\\evil.example'],
  ['backslash slash', '\\/evil.example'],
  ['two backslashes', '\\\\evil.example'],
  ['backslash deeper in the path', '/a\\b'],
  ['tab between the slashes (decoded %09)', '/\t/evil.example'],
  ['newline between the slashes', '/\n/evil.example'],
  ['carriage return between the slashes', '/\r/evil.example'],
  ['a space between the slashes', '/ /evil.example'],
  ['a no-break space', '/\u00a0/evil.example'],
  ['an ideographic space', '/\u3000/evil.example'],
  ['a zero-width space', '/\u200b/evil.example'],
  ['a BOM', '/\ufeff/evil.example'],
  ['a line separator', '/\u2028/evil.example'],
  ['NUL', '/\u0000/evil.example'],
  ['NUL at the end', '/home\u0000'],
  ['DEL', '/\u007f/evil.example'],
  ['leading space', ' /home'],
  ['trailing newline', '/home\n'],
  ['javascript:', 'javascript:alert(1)'],
  ['JavaScript: mixed case', 'JaVaScRiPt:alert(1)'],
  ['data:', 'data:text/html,<script>alert(1)</script>'],
  ['http URL', 'http://evil.example'],
  ['https URL', 'https://evil.example/home'],
  ['https without slashes', 'https:evil.example'],
  ['http without slashes', 'http:evil.example'],
  ['scheme-relative with backslashes', '\\\\evil.example\\x'],
  ['relative path', 'home'],
  ['dot-relative path', './home'],
  ['parent-relative path', '../home'],
  ['query only', '?from=x'],
  ['fragment only', '#top'],
  ['dot segment folding into //', '/.//evil.example'],
  ['parent segment folding into //', '/a/..//evil.example'],
  ['encoded dot segment folding into //', '/%2e//evil.example'],
  ['encoded parent segment folding into //', '/a/%2e%2e//evil.example'],
  ['encoded double slash', '/%2F%2Fevil.example'],
  ['encoded double slash, lower case', '/%2f%2fevil.example'],
  ['encoded slash after a slash', '/%2Fevil.example'],
  ['encoded backslash', '/%5Cevil.example'],
  ['encoded backslash, lower case', '/%5cevil.example'],
  ['encoded backslash deeper', '/a/%5C/evil.example'],
  ['encoded tab', '/%09/evil.example'],
  ['encoded newline', '/%0A/evil.example'],
  ['encoded NUL', '/%00'],
  ['malformed escape', '/%E0%A4%A'],
  ['user info after two slashes', '//user@evil.example'],
  ['tab inside the scheme', 'java\tscript:alert(1)'],
  ['too long', `/${'a'.repeat(RETURN_PATH_MAX_CHARS)}`],
];

// Real return addresses: kept, normalised the way a browser would follow them.
const KEPT: Array<[raw: string, expected: string]> = [
  ['/', '/'],
  ['/home', '/home'],
  ['/pay-result?order_no=V1', '/pay-result?order_no=V1'],
  ['/zuhao?game=1&page=2#list', '/zuhao?game=1&page=2#list'],
  ['/search?q=hello%20world', '/search?q=hello%20world'],
  ['/search?q=%5C', '/search?q=%5C'],
  ['/a/../b', '/b'],
  ['/a/./b', '/a/b'],
  ['/a%2F%2Fb', '/a%2F%2Fb'],
  ['/账号', '/%E8%B4%A6%E5%8F%B7'],
  ['/@user', '/@user'],
  ['/ops/orders?status=1', '/ops/orders?status=1'],
  [`/${'a'.repeat(RETURN_PATH_MAX_CHARS - 1)}`, `/${'a'.repeat(RETURN_PATH_MAX_CHARS - 1)}`],
];

describe('sameSiteReturnPath: a return address must name a page of this site', () => {
  it.each(REFUSED)('refuses %s', (_label, raw) => {
    expect(sameSiteReturnPath(raw, FALLBACK)).toBe(FALLBACK);
    expect(sameSiteReturnPath(raw, null)).toBeNull();
    expect(isSameSitePath(raw)).toBe(false);
  });

  it.each(KEPT)('keeps %s', (raw, expected) => {
    expect(sameSiteReturnPath(raw, FALLBACK)).toBe(expected);
    expect(isSameSitePath(raw)).toBe(true);
  });

  it('never returns anything a browser would resolve to another origin', () => {
    for (const [raw] of [...KEPT, ...REFUSED.map(([, raw]) => [raw] as const)]) {
      const path = sameSiteReturnPath(raw, FALLBACK);
      expect(path.startsWith('/') && !path.startsWith('//') && !path.includes('\\')).toBe(true);
      expect(new URL(path, 'https://site.example/deep/page').origin).toBe('https://site.example');
    }
  });
});

describe('the ad popup follows the same rule for its site links', async () => {
  const { safeHref } = await import('~/features/campaigns/rules/ad-link');
  it.each([
    ['/tejia', '/tejia'],
    ['https://example.com/x', 'https://example.com/x'],
    ['HTTPS://Example.com', 'https://example.com/'],
    ['//evil.example', null],
    ['/\\evil.example', null],
    ['/\t/evil.example', null],
    ['/%2F%2Fevil.example', null],
    ['javascript:alert(1)', null],
    ['https:evil.example', null],
    ['http://\\evil.example', null],
    [null, null],
  ])('%s → %s', (link, expected) => {
    expect(safeHref(link)).toBe(expected);
  });
});
