import { useId, type ReactNode } from 'react';
import type { SellerComplaint, SellerLoginFailureView, SellerOrder } from '~/features/sellers/client/seller-earnings';
import { complaintBadgeClass } from '~/features/complaints/ui/ComplaintList';
import { ComplaintDecision, EvidenceThumbs } from '~/features/complaints/ui/ComplaintDecision';
import { focusRing } from '~/features/orders/ui/order-helpers';
import { MoneyLines } from '~/features/orders/ui/MoneyLines';
import { OrderCardHeader } from '~/features/orders/ui/OrderCardHeader';
import { HafuPanel } from '~/features/orders/ui/HafuPanel';
import { earningStatusLine, sellerMoneyLines } from '~/features/sellers/ui/orders/seller-order-helpers';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { pillOutline } from '~/platform/ui/pill-buttons';

export interface SellerOrderCardProps {
  order: SellerOrder;
  onAnswer(complaint: SellerComplaint): void;
}


/** One order on the seller's listings: what was rented, by whom (masked), when, the money and the complaints. */
export function SellerOrderCard({ order, onAnswer }: SellerOrderCardProps): ReactNode {
  const id = useId();
  const listing = order.listing;
  const title = listing?.title ?? '账号信息已删除';
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-lg bg-white ring-1 ring-neutral-200" data-order-no={order.order_no}>
      <OrderCardHeader order={order} />

      <div className="flex flex-col gap-4 px-4 py-3 sm:flex-row sm:items-start">
        <div className="flex min-w-0 flex-1 gap-3">
          {listing?.img ? (
            <img src={listing.img} alt="" width={64} height={64} loading="lazy" decoding="async" className="h-16 w-16 shrink-0 rounded object-cover" />
          ) : (
            <div aria-hidden="true" className="h-16 w-16 shrink-0 rounded bg-neutral-100" />
          )}
          <div className="min-w-0 space-y-1 text-sm">
            <h3 id={`${id}-title`} className="line-clamp-2 font-medium text-neutral-900">
              {listing ? (
                <a href={`/detail/${listing.id}.html`} className={`hover:text-primary ${focusRing}`}>
                  {title}
                </a>
              ) : (
                title
              )}
            </h3>
            <p className="text-xs text-neutral-600">
              <span data-renter>{order.renter}</span>
              {order.option_label ? ` · ${order.option_label}` : ''}
              {order.hours !== null ? ` · ${order.hours}小时` : ''}
              {order.bonus_hours > 0 ? ` +${order.bonus_hours}小时赠送` : ''}
            </p>
            {order.hire_start_time || order.hire_end_time ? (
              <p className="text-xs text-neutral-600 tabular-nums">
                <time dateTime={order.hire_start_time ?? undefined}>{formatShanghaiIso(order.hire_start_time)}</time>
                {' – '}
                <time dateTime={order.hire_end_time ?? undefined}>{formatShanghaiIso(order.hire_end_time)}</time>
              </p>
            ) : null}
            {order.earning ? (
              <p className={`text-xs ${order.earning.status === 'released' ? 'text-emerald-700' : 'text-amber-800'}`} data-earning-status={order.earning.status}>
                {earningStatusLine(order.earning)}
              </p>
            ) : null}
          </div>
        </div>

        <MoneyLines lines={sellerMoneyLines(order)} label="费用与收益" />
      </div>

      {order.hafu_prepay_fen > 0 && (order.order_status === 4 || order.order_status === 5) ? (
        <div className="px-4 pb-3">
          <HafuPanel orderNo={order.order_no} viewer="owner" />
        </div>
      ) : null}

      {order.complaints.length > 0 ? (
        <section aria-label="投诉" className="space-y-3 border-t border-neutral-100 px-4 py-3">
          {order.complaints.map((complaint) => (
            <ComplaintBlock key={complaint.id} complaint={complaint} onAnswer={() => onAnswer(complaint)} />
          ))}
        </section>
      ) : null}
    </article>
  );
}

function ComplaintBlock({ complaint, onAnswer }: { complaint: SellerComplaint; onAnswer(): void }): ReactNode {
  return (
    <div className="rounded-md bg-amber-50/40 px-3 py-2 text-sm ring-1 ring-amber-100" data-complaint-id={complaint.id}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-neutral-900">租客投诉：{complaint.type_name}</p>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${complaintBadgeClass(complaint.status)}`}>{complaint.status_text}</span>
      </div>
      <p className="mt-1 break-words whitespace-pre-line text-neutral-800">{complaint.content}</p>
      <EvidenceThumbs images={complaint.images ?? []} label="租客凭证图片" />
      <p className="mt-1 text-xs text-neutral-500">
        <time dateTime={complaint.created_at}>{formatShanghaiIso(complaint.created_at)}</time>
      </p>
      {complaint.decision ? null : complaint.reply ? (
        <p className="mt-2 rounded bg-white px-2 py-1.5 text-neutral-800">
          <span className="font-medium text-primary">平台回复：</span>
          <span className="whitespace-pre-line">{complaint.reply}</span>
        </p>
      ) : null}
      {complaint.answers.map((answer) => (
        <div key={answer.id} className="mt-2 rounded bg-white px-2 py-1.5 text-neutral-800" data-answer-id={answer.id}>
          <p>
            <span className="font-medium text-emerald-700">我的回复：</span>
            <span className="break-words whitespace-pre-line">{answer.content}</span>
          </p>
          {answer.images.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="回复图片">
              {answer.images.map((src, index) => (
                <li key={src}>
                  <a href={src} target="_blank" rel="noopener" className={focusRing}>
                    <img src={src} alt={`回复图片${index + 1}`} width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-cover ring-1 ring-neutral-200" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          <p className="mt-1 text-xs text-neutral-500">
            <time dateTime={answer.created_at}>{formatShanghaiIso(answer.created_at)}</time>
          </p>
        </div>
      ))}
      {complaint.decision ? <ComplaintDecision decision={complaint.decision} /> : null}
      {complaint.login_failure ? <LoginFailureNote view={complaint.login_failure} /> : null}
      {complaint.login_failure?.can_answer ? (
        <div className="mt-2 flex justify-end">
          <button type="button" onClick={onAnswer} className={pillOutline}>
            答复上报
          </button>
        </div>
      ) : complaint.can_answer ? (
        <div className="mt-2 flex justify-end">
          <button type="button" onClick={onAnswer} className={pillOutline}>
            {complaint.answers.length > 0 ? '补充回复' : '回复投诉'}
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** A one-click "cannot log in" report on the owner's order: what it cost and until when they may answer. */
function LoginFailureNote({ view }: { view: SellerLoginFailureView }): ReactNode {
  return (
    <div className="mt-2 rounded bg-white px-3 py-2 text-xs text-neutral-700 ring-1 ring-amber-200" data-login-failure-case={view.case_id}>
      <p className="font-medium text-neutral-900">一键无法登录 · {view.status_text}</p>
      <p className="mt-1">
        订单已终止并全额退款给租客，您需赔付 ¥{view.compensation}。{view.took_down ? '该账号近期多次无法登录，已被自动下架。' : null}
      </p>
      {view.can_answer ? (
        <p className="mt-1">
          请在 <time dateTime={view.answer_until}>{formatShanghaiIso(view.answer_until)}</time> 前答复：修改密码后点「已修改密码」，或提供证据申诉。
        </p>
      ) : null}
    </div>
  );
}
