import type { ReactNode } from 'react';
import type { ComplaintDecisionView } from '~/features/wallet/client/money';
import type { OwnerComplaintDecisionView } from '~/features/sellers/client/seller-earnings';
import { focusRing } from '~/features/orders/ui/order-helpers';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

const isOwnerView = (decision: ComplaintDecisionView): decision is OwnerComplaintDecisionView => 'owner_share_fen' in decision;

/**
 * The platform's decision on a complaint, as 我的投诉 and 出租订单 show it: the outcome,
 * the money it moved and the operator's written decision. The owner's view adds their share of the
 * refund and any penalty.
 */
export function ComplaintDecision({ decision }: { decision: ComplaintDecisionView }): ReactNode {
  const owner = isOwnerView(decision) ? decision : null;
  const tone = decision.outcome === 'reject' ? 'bg-neutral-50 ring-neutral-200' : 'bg-emerald-50/60 ring-emerald-200';
  return (
    <section aria-label="平台处理结果" className={`mt-2 rounded-md px-3 py-2 text-sm ring-1 ${tone}`} data-decision={decision.outcome}>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="font-medium text-primary">平台处理结果：</span>
        <strong className="text-neutral-900" data-decision-outcome>
          {decision.outcome_text}
        </strong>
      </p>
      <ul className="mt-1 space-y-0.5 text-neutral-800">
        {decision.refund_fen > 0 ? (
          <li data-decision-refund>
            {owner ? '退还租客租金' : '退还租金'} <span className="font-medium tabular-nums">¥{decision.refund}</span>
            {owner ? null : '，已退回钱包余额'}
          </li>
        ) : null}
        {owner && owner.owner_share_fen > 0 ? (
          <li>
            其中由您的收益承担 <span className="font-medium tabular-nums">¥{owner.owner_share}</span>
          </li>
        ) : null}
        {owner && owner.penalty_fen > 0 ? (
          <li data-decision-penalty>
            处罚金额 <span className="font-medium tabular-nums text-primary-dark">¥{owner.penalty}</span>
          </li>
        ) : null}
        {decision.ended_rental ? <li>{owner ? '该订单已提前结束' : '租期已结束，押金已退还'}</li> : null}
      </ul>
      <p className="mt-1 break-words whitespace-pre-line text-neutral-800">
        <span className="text-neutral-500">处理说明：</span>
        {decision.text}
      </p>
      <p className="mt-1 text-xs text-neutral-500">
        处理时间 <time dateTime={decision.decided_at}>{formatShanghaiIso(decision.decided_at)}</time>
      </p>
    </section>
  );
}

/** A complaint's evidence pictures as small thumbnails that open the full picture. */
export function EvidenceThumbs({ images, label }: { images: readonly string[]; label: string }): ReactNode {
  if (images.length === 0) return null;
  return (
    <ul className="mt-1 flex flex-wrap gap-1.5" aria-label={label}>
      {images.map((src, index) => (
        <li key={src}>
          <a href={src} target="_blank" rel="noopener" className={focusRing}>
            <img src={src} alt={`${label}${index + 1}`} width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-cover ring-1 ring-neutral-200" />
          </a>
        </li>
      ))}
    </ul>
  );
}
