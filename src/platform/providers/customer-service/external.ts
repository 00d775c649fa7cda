import type { CustomerServiceDesk } from '~/platform/providers/customer-service/port';

/**
 * A third-party desk (the spec's 七鱼) reached by its web link: /redirect keeps the spec's title
 * while it sends the browser there. Nothing of ours is added to the link: what a desk accepts about
 * the visitor is the desk's own contract, configured into the URL itself.
 */
export function externalDesk(url: string): CustomerServiceDesk {
  return Object.freeze({ kind: 'external', redirectUrl: url });
}
