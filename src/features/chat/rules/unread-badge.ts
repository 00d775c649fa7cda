/**
 * The badge on 在线客服 and on a console row: nothing for 0, 99+ past 99. Apart from the other chat
 * rules because the opener (chat-opener.ts) loads on every page's first visit (issue 27).
 */
export function unreadBadgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > 99 ? '99+' : String(Math.floor(count));
}
