export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue | readonly QueryValue[]>;

/**
 * spec §7: GET parameters go form-encoded (application/x-www-form-urlencoded, as URLSearchParams
 * writes it): UTF-8 percent-encoding, a space as '+', an array as the key repeated
 * (`ids=1&ids=2`), null and undefined left out, booleans as 'true'/'false'.
 */
export function toFormQuery(params: QueryParams | undefined): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    const values: readonly QueryValue[] = Array.isArray(value) ? value : [value as QueryValue];
    for (const item of values) {
      if (item !== null && item !== undefined) search.append(key, String(item));
    }
  }
  return search.toString();
}

export function appendQuery(url: string, query: string): string {
  if (query === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${query}`;
}
