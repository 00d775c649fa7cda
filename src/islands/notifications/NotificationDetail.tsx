import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api/errors';
import { getNotification, markNotificationRead, type NotificationView } from '../../lib/api/notifications';
import { $unreadNotifications } from '../../lib/stores/notifications';
import LoginRequired from '../LoginRequired';
import { EmptyState } from '../ui/EmptyState';
import { focusRing } from '../ui/focus-ring';
import { LoadFailed } from '../ui/LoadFailed';
import { Skeleton } from '../ui/Skeleton';
import { formatNotificationTime, kindLabel, notificationOrderNo, orderHref, readNotifyId } from './notification-helpers';

type Load = { kind: 'loading' } | { kind: 'missing' } | { kind: 'failed' } | { kind: 'ready'; notification: NotificationView };

/** What the server says for an unknown id or another user's (services/notifications.ts). */
export const MSG_NOTIFICATION_NOT_FOUND = '通知不存在';
const BACK_HREF = '/account/account_notify';
const outlineLink = `rounded-full border border-neutral-300 px-4 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`;
const primaryLink = `rounded-full bg-primary px-5 py-1.5 text-sm text-white hover:bg-primary-dark ${focusRing}`;

/**
 * 消息详情 (spec §2 account "notify_detail", issue 14): one of the renter's notifications, ?id= in
 * the address; opening it marks it read. A notification about an order offers 查看订单. An id that
 * is not the renter's (or no id) shows the not-found state.
 */
function Detail(): ReactNode {
  const [notificationId] = useState(() => readNotifyId(location.search));
  const [load, setLoad] = useState<Load>(notificationId === null ? { kind: 'missing' } : { kind: 'loading' });
  const [reload, setReload] = useState(0);

  useEffect(() => {
    if (notificationId === null) return;
    const controller = new AbortController();
    getNotification(notificationId, { signal: controller.signal })
      .then((notification) => {
        setLoad({ kind: 'ready', notification });
        // Read once opened; the page shows it either way, so a failed mark stays quiet.
        if (!notification.is_read) {
          markNotificationRead(notification.id)
            .then(({ unread }) => $unreadNotifications.set(unread))
            .catch(() => undefined);
        }
      })
      .catch((error: unknown) => {
        if (isApiError(error) && error.cancelled) return;
        setLoad(isApiError(error) && error.httpStatus === 404 ? { kind: 'missing' } : { kind: 'failed' });
      });
    return () => controller.abort();
  }, [notificationId, reload]);

  if (load.kind === 'loading') return <Skeleton lines={5} className="py-6" />;
  if (load.kind === 'failed') {
    return (
      <LoadFailed
        text="获取消息失败"
        onRetry={() => {
          setLoad({ kind: 'loading' });
          setReload((count) => count + 1);
        }}
      />
    );
  }
  if (load.kind === 'missing') {
    return (
      <EmptyState
        type={3}
        text={MSG_NOTIFICATION_NOT_FOUND}
        action={
          <a href={BACK_HREF} className={outlineLink}>
            返回消息通知
          </a>
        }
      />
    );
  }

  const { notification } = load;
  const orderNo = notificationOrderNo(notification.params);
  return (
    <div className="space-y-4 py-2 text-sm">
      <a href={BACK_HREF} className={`inline-block text-neutral-600 hover:text-primary ${focusRing}`}>
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
            <a href={orderHref(orderNo)} className={`${primaryLink} ml-auto`}>
              查看订单
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
