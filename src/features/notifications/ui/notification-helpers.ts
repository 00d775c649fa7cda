/**
 * Pure helpers of 消息通知 and 消息详情: the address query, the tabs, a kind's label,
 * the time line. No I/O, no clock read (today-ness is the server's is_today).
 */
import { ID_MAX } from '~/platform/wire/common';
import {
  NOTIFICATION_FILTER_LABELS,
  NOTIFICATION_FILTERS,
  type NotificationFilter,
  type NotificationKind,
  type NotificationView,
} from '~/features/notifications/contract';
import { formatShanghaiClock, formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { pageParam, setPageParam } from '~/platform/ui/page-query';

export { SELLER_NOTIFICATION_LINKS, notificationOrderNo, notificationTarget, notifyDetailHref, orderHref } from '~/features/notifications/notification-links';

/** Rows per page of 消息通知 (the server allows 1-50). */
export const NOTIFY_PAGE_SIZE = 10;

/** The tab key of 全部 (no filter sent). */
export const ALL_TAB = 'all';
export type NotifyTab = typeof ALL_TAB | NotificationFilter;

const FILTER_KEYS = Object.keys(NOTIFICATION_FILTERS) as NotificationFilter[];

/** 全部 first, then the contract's groups in its order with its labels. */
export const NOTIFY_TABS: readonly { value: NotifyTab; label: string }[] = [
  { value: ALL_TAB, label: '全部' },
  ...FILTER_KEYS.map((key) => ({ value: key, label: NOTIFICATION_FILTER_LABELS[key] })),
];

export interface NotifyQuery {
  tab: NotifyTab;
  page: number;
}

/** ?filter=order&page=2; anything unknown is 全部, page 1. */
export function readNotifyQuery(search: string): NotifyQuery {
  const params = new URLSearchParams(search);
  const raw = params.get('filter');
  const tab = FILTER_KEYS.find((key) => key === raw) ?? ALL_TAB;
  return { tab, page: pageParam(params) };
}

/** The address with the query written in; 全部 and page 1 are left out. Other parameters stay. */
export function withNotifyQuery(href: string, query: NotifyQuery): string {
  const url = new URL(href);
  if (query.tab === ALL_TAB) url.searchParams.delete('filter');
  else url.searchParams.set('filter', query.tab);
  setPageParam(url, query.page);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The filter sent to the server: none for 全部. */
export function filterOf(tab: NotifyTab): NotificationFilter | undefined {
  return tab === ALL_TAB ? undefined : tab;
}

/** 消息详情's ?id=: a row id, or null for anything else (shown as not found, without a call). */
export function readNotifyId(search: string): number | null {
  const raw = new URLSearchParams(search).get('id') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= ID_MAX ? Number(raw) : null;
}

/** The group a kind is filed under (订单, 投诉, 资金, 系统公告). */
export function kindLabel(kind: NotificationKind): string {
  const key = FILTER_KEYS.find((filter) => (NOTIFICATION_FILTERS[filter] as readonly string[]).includes(kind));
  return key ? NOTIFICATION_FILTER_LABELS[key] : NOTIFICATION_FILTER_LABELS.system;
}

/** 今天 14:05 for today's (server's Shanghai day), else 2026-11-24 14:05. */
export function formatNotificationTime(notification: Pick<NotificationView, 'created_at' | 'is_today'>): string {
  const date = new Date(notification.created_at);
  if (Number.isNaN(date.getTime())) return notification.created_at;
  return notification.is_today ? `今天 ${formatShanghaiClock(date)}` : formatShanghaiDateTime(date);
}
