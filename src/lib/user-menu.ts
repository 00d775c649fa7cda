/**
 * The header's user menu: the account screens it opens, named and linked from the route table,
 * and the name it shows for a user.
 */
import { routeByName } from './routes';
import type { UserInfo } from './stores/auth';

export const USER_MENU_LINKS: ReadonlyArray<{ label: string; href: string }> = ['personal', 'order', 'purse', 'redPacket', 'account_notify'].map(
  (name) => ({ label: routeByName(name).title, href: routeByName(name).path }),
);

export function displayName(user: UserInfo | null): string {
  return user?.nickname?.trim() || user?.username?.trim() || '我的账号';
}

/** The avatar letter: the name's first character (a whole code point), upper-cased. */
export function nameInitial(name: string): string {
  return Array.from(name)[0]?.toUpperCase() ?? '';
}
