import { describe, expect, it } from 'vitest';
import { cacheControlFor } from '~/platform/edge/cache-control';

describe('cache headers of the server entry', () => {
  it.each([
    ['/_astro/client.B1p1nwqs.js', 'public, max-age=31536000, immutable'],
    ['/_astro/SiteFooter.CqtnYFNC.css', 'public, max-age=31536000, immutable'],
    ['/covers/wzry-1.svg', 'public, max-age=3600'],
    ['/brand/cafe.svg', 'public, max-age=3600'],
    ['/favicon.svg', 'public, max-age=3600'],
    ['/', null],
    ['/api/v1/health', null],
    ['/help', null],
  ])('%s gets %s', (path, expected) => {
    expect(cacheControlFor(path)).toBe(expected);
  });
});
