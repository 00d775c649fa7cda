/**
 * Where the ad popup's picture may lead (spec §3 Popup advertisement link): a site path or an
 * http(s) URL (the server checks it too); anything else gives no link at all.
 */
import { sameSiteReturnPath } from '~/platform/rules/return-path';

export function safeHref(link: string | null | undefined): string | null {
  if (!link) return null;
  if (link.startsWith('/')) return sameSiteReturnPath(link, null);
  if (!/^https?:\/\/[^\s/\\]/i.test(link)) return null;
  try {
    return new URL(link).href;
  } catch {
    return null;
  }
}

/** A link to another site opens in a new tab (the visitor keeps our page). */
export const isExternalHref = (href: string): boolean => /^https?:/i.test(href);
