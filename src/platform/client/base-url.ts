/** The page names its API host in <meta name="api-base"> (PUBLIC_API_BASE); same origin otherwise. */
export function baseFromDocument(): string {
  if (typeof document === 'undefined') return '';
  return document.querySelector<HTMLMetaElement>('meta[name="api-base"]')?.content.replace(/\/+$/, '') ?? '';
}
