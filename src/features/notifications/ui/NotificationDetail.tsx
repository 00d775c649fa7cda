import { useState, type ReactNode } from 'react';
import { getNotification, markNotificationRead, type NotificationView } from '~/features/notifications/client';
import { setUnreadNotifications } from '~/features/notifications/store';
import LoginRequired from '~/platform/ui/LoginRequired';
import { focusRing } from '~/platform/ui/focus-ring';
import { backLinkClass, DetailFallback, useItemDetail } from '~/platform/ui/ItemDetail';
import { SELLER_NOTIFICATION_LINKS, formatNotificationTime, kindLabel, notificationOrderNo, notificationTarget, orderHref, readNotifyId } from '~/features/notifications/ui/notification-helpers';

/** What the server says for an unknown id or another user's (services/notifications.ts). */
export const MSG_NOTIFICATION_NOT_FOUND = '通知不存在';
const BACK_HREF = '/account/account_notify';
const primaryLink = `rounded-full bg-primary px-5 py-1.5 text-sm text-white hover:bg-primary-dark ${focusRing}`;

/** Read once opened; the page shows it either way, so a failed mark stays quiet. */
function markRead(notification: NotificationView): void {
  if (notification.is_read) return;
  markNotificationRead(notification.id)
    .then(({ unread }) => setUnreadNotifications(unread))
    .catch(() => undefined);
}

/**
 * 消息详情 (spec §2 account "notify_detail"): one of the renter's notifications, ?id= in
 * the address; opening it marks it read. A notification about an order offers 查看订单. An id that
 * is not the renter's (or no id) shows the not-found state.
 */
function Detail(): ReactNode {
  const [notificationId] = useState(() => readNotifyId(location.search));
  const { load, retry } = useItemDetail(notificationId, getNotification, markRead);
  if (load.kind !== 'ready') {
    return (
      <DetailFallback
        load={load}
        retry={retry}
        skeletonLines={5}
        failedText="获取消息失败"
        missingText={MSG_NOTIFICATION_NOT_FOUND}
        backHref={BACK_HREF}
        backLabel="返回消息通知"
      />
    );
  }

  const notification = load.item;
  const orderNo = notificationOrderNo(notification.params);
  const sellerLink = SELLER_NOTIFICATION_LINKS[notification.notification_type];
  const target = notificationTarget(notification.params) ?? (orderNo ? { href: orderHref(orderNo), text: '查看订单' } : null);
  return (
    <div className="space-y-4 py-2 text-sm">
      <a href={BACK_HREF} className={backLinkClass}>
        ‹ 返回消息通知
      </a>
      <article aria-labelledby="notification-title" className="rounded-lg bg-white p-4 ring-1 ring-neutral-200 md:p-6">
        <h3 id="notification-title" className="text-base font-semibold break-words text-neutral-900">
          {notification.title}
        </h3>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-neutral-500">
          <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-neutral-600">{kindLabel(notification.notification_type)}</span>
          <time dateTime={notification.created_at} className="tabular-nums">
            {formatNotificationTime(notification)}
          </time>
        </p>
        <p className="mt-4 leading-relaxed break-words whitespace-pre-line text-neutral-800">{notification.content}</p>
        {orderNo ? (
          <div className="mt-5 flex flex-wrap items-center gap-3 border-t border-neutral-100 pt-4">
            <span className="text-xs text-neutral-500">
              订单号 <span className="font-mono break-all text-neutral-800">{orderNo}</span>
            </span>
            <a href={target?.href ?? orderHref(orderNo)} className={`${primaryLink} ml-auto`}>
              {target?.text ?? '查看订单'}
            </a>
          </div>
        ) : null}
        {sellerLink ? (
          <div className="mt-5 flex justify-end border-t border-neutral-100 pt-4">
            <a href={sellerLink.href} className={primaryLink}>
              {sellerLink.text}
            </a>
          </div>
        ) : null}
      </article>
    </div>
  );
}

/** The notify_detail page's island: the sign-in prompt when signed out, the message otherwise. */
export default function NotificationDetail({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Detail />
    </LoginRequired>
  );
}
