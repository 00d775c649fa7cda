import { useStore } from '@nanostores/react';
import { useState, type ReactNode } from 'react';
import { type OrderView } from '~/features/wallet/client/money';
import { getOrder, listOrders } from '~/features/orders/client/orders';
import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';
import { $auth, $isLoggedIn } from '~/platform/stores/auth';
import { openLogin, openModal, showSuccess } from '~/platform/stores/ui';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Modal } from '~/platform/ui/Modal';
import { Skeleton } from '~/platform/ui/Skeleton';
import { useRemote } from '~/platform/ui/use-remote';
import type { ModalContentProps } from '~/platform/ui/modal-types';
import { ComplaintBody, PHONE_REQUIRED_TEXT } from '~/features/complaints/ui/ComplaintDialog';
import { errorText, focusRing } from '~/features/orders/ui/order-helpers';

export const COMPLAINT_MODAL_TITLE = '投诉建议';
export const COMPLAINT_SENT_TEXT = '投诉已提交，我们会尽快处理';
/** How many recent orders the picker looks through for ones that can be complained about. */
export const COMPLAINT_PICK_RECENT = 20;
export const NO_COMPLAINABLE_ORDER_TEXT = '近期没有可投诉的订单';
export const COMPLAINT_HOW_TO_TEXT = '投诉针对已支付的租号订单：在「我的订单」中找到该订单，点击「投诉」即可提交。其他问题与建议请联系在线客服。';

/** The order number the opener passed (props.order_no), or null for "let the renter pick". */
export function complaintOrderNo(props: Record<string, unknown>): string | null {
  const value = props.order_no;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function HowTo(): ReactNode {
  return (
    <p className="text-xs leading-5 text-neutral-600">
      {COMPLAINT_HOW_TO_TEXT}{' '}
      <a href="/account/complain" className="text-primary underline-offset-2 hover:underline">
        查看我的投诉
      </a>
    </p>
  );
}

/** The renter's recent orders that the server lets them complain about, to pick one. */
function OrderPicker({ onPick }: { onPick(order: OrderView): void }): ReactNode {
  const { remote: load, reload: retry } = useRemote((signal) => listOrders({ page: 1, page_size: COMPLAINT_PICK_RECENT }, { signal }), 'recent');
  if (load.kind === 'loading') return <Skeleton lines={4} className="py-2" />;
  if (load.kind === 'failed') return <LoadFailed text={errorText(load.error, '获取订单失败')} onRetry={retry} />;
  const orders = load.data.list.filter((order) => order.actions.can_complain);
  if (orders.length === 0) {
    return (
      <div className="space-y-3">
        <EmptyState type={1} text={NO_COMPLAINABLE_ORDER_TEXT} />
        <HowTo />
      </div>
    );
  }
  return (
    <div className="space-y-3 text-sm">
      <p className="text-neutral-700">请选择要投诉的订单：</p>
      <ul className="space-y-2" aria-label="可投诉的订单">
        {orders.map((order) => (
          <li key={order.order_no}>
            <button
              type="button"
              onClick={() => onPick(order)}
              className={`flex w-full min-w-0 flex-col gap-0.5 rounded-md px-3 py-2 text-left ring-1 ring-neutral-200 hover:bg-primary-light hover:ring-primary ${focusRing}`}
            >
              <span className="truncate font-medium text-neutral-900">{order.productInfo?.title ?? '租号订单'}</span>
              <span className="flex flex-wrap gap-x-3 text-xs text-neutral-600">
                <span>订单号 {order.order_no}</span>
                <span>{order.order_status_text}</span>
                <span>{formatShanghaiDateTime(new Date(order.hire_order_time))}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
      <HowTo />
    </div>
  );
}

/** One order named by the opener, loaded, then its complaint form. */
function NamedOrder({ orderNo, children }: { orderNo: string; children(order: OrderView): ReactNode }): ReactNode {
  const { remote: load, reload: retry } = useRemote((signal) => getOrder(orderNo, { signal }), orderNo);
  if (load.kind === 'loading') return <Skeleton lines={4} className="py-2" />;
  if (load.kind === 'failed') return <LoadFailed text={errorText(load.error, '获取订单失败')} onRetry={retry} />;
  if (!load.data.actions.can_complain) {
    return (
      <div className="space-y-3">
        <EmptyState type={1} text="该订单暂不能投诉" />
        <HowTo />
      </div>
    );
  }
  return children(load.data);
}

/**
 * The spec §2 complaint modal ("complaint iframe": the complaint form of an order in a modal),
 * opened by the floating 投诉建议 button and by anything that passes `order_no`. Spec §6: a visitor
 * signs in first, and a renter without a phone binds one first (the bind-phone modal reopens this
 * one with the same props, so the flow continues). Without an order number the renter picks one of
 * their recent orders that can be complained about, or reads how complaints work.
 */
export default function ComplaintModal({ props, onClose }: ModalContentProps): ReactNode {
  const $loggedIn = useStore($isLoggedIn);
  const $user = useStore($auth).user;
  const orderNo = complaintOrderNo(props);
  const [picked, setPicked] = useState<OrderView | null>(null);

  function sent(): void {
    onClose();
    showSuccess(COMPLAINT_SENT_TEXT);
  }

  const form = (order: OrderView): ReactNode => (
    <ComplaintBody order={order} onClose={onClose} onDone={sent} bindPhoneThen={{ name: 'complaint', props: { order_no: order.order_no } }} />
  );

  let body: ReactNode;
  if (!$loggedIn) {
    body = (
      <div className="space-y-3">
        <EmptyState
          type={1}
          text="登录后才能提交投诉"
          action={
            <button type="button" onClick={() => openLogin('scan')} className={`rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
              立即登录
            </button>
          }
        />
        <HowTo />
      </div>
    );
  } else if (!$user?.mobile) {
    // Before anything is typed: the bind-phone modal replaces this one and reopens it afterwards.
    body = (
      <div className="space-y-4 text-sm">
        <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-200">
          <span>{PHONE_REQUIRED_TEXT}，绑定后才能提交投诉</span>
          <button
            type="button"
            data-autofocus=""
            onClick={() => openModal('bindPhone', { then: { name: 'complaint', props } })}
            className={`rounded-full border border-primary bg-white px-3 py-0.5 text-xs text-primary hover:bg-primary-light ${focusRing}`}
          >
            去绑定手机
          </button>
        </div>
        <HowTo />
      </div>
    );
  } else if (orderNo !== null) {
    body = <NamedOrder orderNo={orderNo}>{form}</NamedOrder>;
  } else if (picked) {
    body = (
      <div className="space-y-3">
        <button type="button" onClick={() => setPicked(null)} className={`text-sm text-primary hover:underline ${focusRing}`}>
          ‹ 重新选择订单
        </button>
        {form(picked)}
      </div>
    );
  } else {
    body = <OrderPicker onPick={setPicked} />;
  }

  return (
    <Modal open title={COMPLAINT_MODAL_TITLE} onClose={onClose}>
      {body}
    </Modal>
  );
}
