import { useEffect, useId, useState, type ReactNode } from 'react';
import { SHOWS_NOTIFICATION_ATTR, SHOWS_PENDING_ATTR } from '~/features/notifications/rules/page-shows';
import { isApiError } from '~/platform/client/errors';
import { listNotifications, markAllNotificationsRead, type NotificationPage, type NotificationView } from '~/features/notifications/client';
import { setUnreadNotifications } from '~/features/notifications/store';
import { showSuccess } from '~/platform/stores/ui';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing, phoneTapTarget } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { Skeleton } from '~/platform/ui/Skeleton';
import { Tabs, tabId } from '~/platform/ui/Tabs';
import { usePagedList } from '~/platform/ui/use-paged-list';
import {
  filterOf,
  formatNotificationTime,
  kindLabel,
  notificationOrderNo,
  notificationTarget,
  notifyDetailHref,
  NOTIFY_PAGE_SIZE,
  NOTIFY_TABS,
  orderHref,
  readNotifyQuery,
  SELLER_NOTIFICATION_LINKS,
  withNotifyQuery,
  type NotifyQuery,
} from '~/features/notifications/ui/notification-helpers';

const ALL_READ_TEXT = '已全部标为已读';
const outlineLink = `inline-flex items-center rounded-full border border-neutral-300 px-3 py-1 text-xs text-neutral-700 hover:border-primary hover:text-primary max-md:min-h-11 max-md:px-4 ${focusRing}`;

/**
 * 消息通知 (spec §2 account "account_notify"): the renter's notifications, unread first
 * then newest, by group (全部, 订单, 投诉, 资金, 系统公告), paged; 全部已读 marks every one read.
 * Each row opens its 消息详情 (which marks it read) and, about an order, links to the order.
 */
function Notifications(): ReactNode {
  const id = useId();
  const { query, setQuery, remote: load, pages, goToPage, reload, replace, listRef } = usePagedList<NotifyQuery, NotificationPage, HTMLDivElement>({
    readQuery: readNotifyQuery,
    writeQuery: withNotifyQuery,
    fetchPage: (current, signal) => listNotifications({ filter: filterOf(current.tab), page: current.page, page_size: NOTIFY_PAGE_SIZE }, { signal }),
    pageSize: NOTIFY_PAGE_SIZE,
  });
  const [marking, setMarking] = useState(false);
  const panelId = `${id}-panel`;

  // The page said its marks were to come (pages/account/[section].astro): the rows, each marked
  // with its id, are on screen now (or the list failed), so a waiting popup may go up or not.
  const settled = load.kind !== 'loading';
  useEffect(() => {
    if (settled) for (const element of document.querySelectorAll(`[${SHOWS_PENDING_ATTR}]`)) element.removeAttribute(SHOWS_PENDING_ATTR);
  }, [settled]);

  async function markAll(): Promise<void> {
    if (load.kind !== 'ready') return;
    setMarking(true);
    try {
      // Every kind, whatever the tab: the label says 全部, and the count beside it is of all unread.
      const { unread } = await markAllNotificationsRead();
      setUnreadNotifications(unread); // the user menu's badge, without waiting for the poll
      // Shown read at once; the reload brings the server's order (no unread left to lead).
      replace({ ...load.data, unread: 0, list: load.data.list.map((row) => ({ ...row, is_read: true })) });
      showSuccess(ALL_READ_TEXT);
      reload();
    } catch (error) {
      if (!isApiError(error)) throw error; // the client has shown the failure
    } finally {
      setMarking(false);
    }
  }

  let body: ReactNode;
  if (load.kind === 'loading') {
    body = <Skeleton lines={6} className="py-4" />;
  } else if (load.kind === 'failed') {
    body = <LoadFailed text="获取消息失败" onRetry={reload} />;
  } else if (load.data.list.length === 0) {
    body = <EmptyState type={1} text="暂无消息" />;
  } else {
    body = (
      <>
        <ul className="space-y-3" aria-label="消息列表">
          {load.data.list.map((notification) => (
            <li key={notification.id}>
              <NotificationRow notification={notification} />
            </li>
          ))}
        </ul>
        <Pager page={query.page} pages={pages} label="消息分页" onPage={goToPage} />
      </>
    );
  }

  const unread = load.kind === 'ready' ? load.data.unread : null;
  return (
    <div className="py-2">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 max-w-full">
          <Tabs label="消息类型" tabs={NOTIFY_TABS} value={query.tab} panelId={panelId} onChange={(tab) => setQuery(() => ({ tab, page: 1 }))} />
        </div>
        <div className="flex items-center gap-3 text-sm">
          <span role="status" className="text-neutral-600">
            {unread === null ? '' : unread > 0 ? `${unread} 条未读` : '没有未读消息'}
          </span>
          <button
            type="button"
            onClick={() => void markAll()}
            disabled={marking || unread === null || unread === 0}
            className={`rounded-full border border-primary px-4 py-1.5 text-sm text-primary enabled:hover:bg-primary-light disabled:border-neutral-300 disabled:text-neutral-400 ${focusRing}`}
          >
            全部已读
          </button>
        </div>
      </div>
      <div id={panelId} ref={listRef} role="tabpanel" aria-labelledby={tabId(panelId, query.tab)} aria-busy={load.kind === 'loading'} tabIndex={-1} className="outline-none">
        {body}
      </div>
    </div>
  );
}

/** One message: unread mark, group, time, title, the text's first lines, its links. */
function NotificationRow({ notification }: { notification: NotificationView }): ReactNode {
  const rowId = useId();
  const orderNo = notificationOrderNo(notification.params);
  const target = notificationTarget(notification.params) ?? (orderNo ? { href: orderHref(orderNo), text: '查看订单' } : null) ?? SELLER_NOTIFICATION_LINKS[notification.notification_type] ?? null;
  const unread = !notification.is_read;
  return (
    <article
      aria-labelledby={`${rowId}-title`}
      className={`rounded-lg px-4 py-3 text-sm ring-1 ${unread ? 'bg-white ring-primary/30' : 'bg-neutral-50 ring-neutral-200'}`}
      data-notification-id={notification.id}
      {...{ [SHOWS_NOTIFICATION_ATTR]: notification.id }}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-neutral-500">
        {unread ? (
          <span className="inline-flex items-center gap-1 font-medium text-primary">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-primary" />
            未读
          </span>
        ) : (
          <span>已读</span>
        )}
        <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-neutral-600">{kindLabel(notification.notification_type)}</span>
        <time dateTime={notification.created_at} className="tabular-nums">
          {formatNotificationTime(notification)}
        </time>
      </div>
      <h3 id={`${rowId}-title`} className={`mt-1.5 break-words ${unread ? 'font-semibold text-neutral-900' : 'font-medium text-neutral-700'}`}>
        <a href={notifyDetailHref(notification.id)} className={`hover:text-primary ${phoneTapTarget} ${focusRing}`}>
          {notification.title}
        </a>
      </h3>
      <p className="mt-1 line-clamp-2 break-words whitespace-pre-line text-neutral-600">{notification.content}</p>
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {target ? (
          <a href={target.href} className={outlineLink} aria-describedby={`${rowId}-title`}>
            {target.text}
          </a>
        ) : null}
        <a href={notifyDetailHref(notification.id)} className={outlineLink} aria-describedby={`${rowId}-title`}>
          查看详情
        </a>
      </div>
    </article>
  );
}

/** The account_notify page's island: the sign-in prompt when signed out, the messages otherwise. */
export default function NotificationList({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Notifications />
    </LoginRequired>
  );
}
