const IMMUTABLE = 'public, max-age=31536000, immutable';
const PUBLIC_FILES = 'public, max-age=3600';

/**
 * Cache-Control for a request path, or null to leave it to the handler. Hashed build assets never
 * change under one name; public files (covers, logos) may change between releases.
 */
export function cacheControlFor(urlPath: string): string | null {
  if (urlPath.startsWith('/_astro/')) return IMMUTABLE;
  if (/^\/(covers|brand|banners)\/|^\/favicon\.svg$/.test(urlPath)) return PUBLIC_FILES;
  return null;
}
