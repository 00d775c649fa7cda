/**
 * The name the header's user menu shows for a user (the menu's links are server-rendered by
 * layouts/parts/HeaderAuth.astro, so the route table stays out of every page's script).
 */
import type { UserInfo } from '~/platform/stores/auth';

export function displayName(user: UserInfo | null): string {
  return user?.nickname?.trim() || user?.username?.trim() || '我的账号';
}

/** The avatar letter: the name's first character (a whole code point), upper-cased. */
export function nameInitial(name: string): string {
  return Array.from(name)[0]?.toUpperCase() ?? '';
}
