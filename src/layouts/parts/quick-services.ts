/**
 * The link part of spec §2's floating buttons (online service, launcher download, contact us,
 * complaint suggestion; back to top is a button beside them). FloatingButtons draws them as the
 * desktop column and the phone strip at the page end; SiteHeader repeats them in the phone 菜单
 * panel, so the two lists cannot drift.
 */
import { routeByName } from '~/platform/config/routes';
import type { ModalName } from '~/platform/stores/ui';

export interface QuickService {
  href: string;
  label: string;
  /** SVG path data of a 24 × 24 stroke icon. */
  icon: string;
  /** With JavaScript a click opens this spec §2 modal instead (layouts/scripts/modal-openers.ts); the href stays the fallback. */
  modal?: ModalName;
  /** The customer-service entry: with our own chat a desktop click opens the chat panel; the href (/redirect) stays the phone's full-page chat. */
  chat?: boolean;
}

export const QUICK_SERVICES: readonly QuickService[] = [
  { href: routeByName('redirect').path, label: '在线客服', icon: 'M4 12a8 8 0 1 1 16 0v4a2 2 0 0 1-2 2h-2v-6h4M4 12v4a2 2 0 0 0 2 2h2v-6H4', chat: true },
  { href: routeByName('download').path, label: '下载', icon: 'M12 3v12m0 0-4-4m4 4 4-4M5 21h14' },
  { href: routeByName('ContactUs').path, label: '联系我们', icon: 'M4 6h16v12H4zM4 6l8 7 8-7', modal: 'contactUs' },
  { href: routeByName('complain').path, label: '投诉建议', icon: 'M5 4h14v12H9l-4 4zM9 9h6M9 12h4', modal: 'complaint' },
];

export const BACK_TO_TOP_ICON = 'M12 20V5m0 0-6 6m6-6 6 6M5 3h14';
