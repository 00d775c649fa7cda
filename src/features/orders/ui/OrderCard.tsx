import { useId, useState, type ReactNode } from 'react';
import type { OrderView } from '~/features/wallet/client/money';
import { FREE_ORDER_TAG } from '~/features/orders/constants';
import { CredentialsPanel } from '~/features/orders/ui/CredentialsPanel';
import { HafuPanel } from '~/features/orders/ui/HafuPanel';
import { MoneyLines } from '~/features/orders/ui/MoneyLines';
import { OrderCardHeader } from '~/features/orders/ui/OrderCardHeader';
import { focusRing, ORDER_ACTION_LABEL, orderMoneyLines, rentalSummary, visibleOrderActions, type OrderActionKey } from '~/features/orders/ui/order-helpers';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { pillOutline, pillPrimary } from '~/platform/ui/pill-buttons';

/** The actions that open a dialog of the list (查看账号 opens in the card, 评价 is a link). */
export type OrderDialogKind = Exclude<OrderActionKey, 'credentials' | 'review'>;

export interface OrderCardProps {
  order: OrderView;
  onOpen(kind: OrderDialogKind): void;
  /** The login details were shown: the list reads the order again (its 无法登录 button may now be offered). */
  onRevealed?: () => void;
}


/** An ended rental whose hafu-coin prepay was charged: its coins are settled on the card. */
export function hasHafuSettlement(order: Pick<OrderView, 'kind' | 'order_status' | 'hire_game_money_prices'>): boolean {
  return order.kind === 'rental' && (order.order_status === 4 || order.order_status === 5) && Number(order.hire_game_money_prices) > 0;
}

/** One rental order of /account/order: what was rented, when, what it cost, and what can be done now. */
export function OrderCard({ order, onOpen, onRevealed }: OrderCardProps): ReactNode {
  const id = useId();
  const [showCredentials, setShowCredentials] = useState(false);
  const product = order.productInfo;
  const title = product?.title ?? '账号信息已删除';
  const summary = rentalSummary(order);
  const actions = visibleOrderActions(order.actions);

  function actionButton(key: OrderActionKey): ReactNode {
    if (key === 'review') {
      return (
        <a key={key} href={`/account/assess?order_no=${encodeURIComponent(order.order_no)}`} className={pillOutline}>
          {ORDER_ACTION_LABEL.review}
        </a>
      );
    }
    if (key === 'credentials') {
      return (
        <button key={key} type="button" aria-expanded={showCredentials} aria-controls={`${id}-credentials`} onClick={() => setShowCredentials((value) => !value)} className={pillOutline}>
          {showCredentials ? '收起账号' : ORDER_ACTION_LABEL.credentials}
        </button>
      );
    }
    return (
      <button key={key} type="button" onClick={() => onOpen(key)} className={key === 'pay' ? pillPrimary : pillOutline} data-action={key}>
        {ORDER_ACTION_LABEL[key]}
      </button>
    );
  }

  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg bg-white ring-1 ring-neutral-200" data-order-no={order.order_no}>
      <OrderCardHeader order={order} />

      <div className="flex flex-col gap-4 px-4 py-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          {product?.img ? (
            <img src={product.img} alt={title} width={64} height={64} loading="lazy" decoding="async" className="h-16 w-16 shrink-0 rounded object-cover" />
          ) : (
            <div aria-hidden="true" className="h-16 w-16 shrink-0 rounded bg-neutral-100" />
          )}
          <div className="min-w-0 space-y-1 text-sm">
            <h3 id={`${id}-title`} className="line-clamp-2 font-medium text-neutral-900">
              {product ? (
                <a href={`/detail/${product.id}.html`} className={`hover:text-primary ${focusRing}`}>
                  {title}
                </a>
              ) : (
                title
              )}
            </h3>
            {product ? <p className="truncate text-xs text-neutral-600">{[product.game_name, product.role_name].filter(Boolean).join(' · ')}</p> : null}
            {summary ? (
              <p className="flex flex-wrap items-center gap-2 text-xs text-neutral-700">
                <span>{summary}</span>
                {order.bonus_hours > 0 ? <span className="text-emerald-700">+{order.bonus_hours}小时赠送</span> : null}
                {order.reserved ? <span className="rounded bg-amber-50 px-1.5 py-0.5 text-amber-800 ring-1 ring-amber-200">预约</span> : null}
                {order.is_free ? (
                  <span className="rounded bg-rose-50 px-1.5 py-0.5 text-rose-700 ring-1 ring-rose-200" data-free-tag>
                    {FREE_ORDER_TAG}
                  </span>
                ) : null}
              </p>
            ) : null}
            {order.hire_start_time || order.hire_end_time ? (
              <p className="text-xs text-neutral-600 tabular-nums">
                <time dateTime={order.hire_start_time ?? undefined}>{formatShanghaiIso(order.hire_start_time)}</time>
                {' – '}
                <time dateTime={order.hire_end_time ?? undefined}>{formatShanghaiIso(order.hire_end_time)}</time>
              </p>
            ) : null}
          </div>
        </div>

        <MoneyLines lines={orderMoneyLines(order)} label="费用" />
      </div>

      {order.login_failure?.case ? (
        <p className="mx-4 rounded bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200" data-login-failure-case>
          已上报无法登录 · {order.login_failure.case.status_text}
        </p>
      ) : null}

      {showCredentials ? (
        <div className="px-4">
          <CredentialsPanel key={order.hire_end_time ?? ''} orderNo={order.order_no} id={`${id}-credentials`} {...(onRevealed ? { onLoaded: onRevealed } : {})} />
        </div>
      ) : null}

      {hasHafuSettlement(order) ? (
        <div className="px-4">
          <HafuPanel orderNo={order.order_no} viewer="renter" />
        </div>
      ) : null}

      {actions.length > 0 || order.review_id !== null || product ? (
        <div className="flex flex-wrap justify-end gap-2 px-4 py-3">
          {product ? (
            <a href={`/account/account_besimilar?account_id=${product.id}`} className={pillOutline} aria-label={`找相似 ${title}`}>
              找相似
            </a>
          ) : null}
          {actions.map(actionButton)}
          {order.review_id !== null ? (
            <a href={`/account/assessInfo?id=${order.review_id}`} className={pillOutline}>
              查看评价
            </a>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
