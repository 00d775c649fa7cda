import type { ReactNode } from 'react';
import { type Complaint, type Page } from '~/features/wallet/client/money';
import { listComplaints } from '~/features/complaints/client/complaints';
import { MONEY_PAGE_SIZE_DEFAULT } from '~/platform/config/constants';
import LoginRequired from '~/platform/ui/LoginRequired';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Skeleton } from '~/platform/ui/Skeleton';
import { ComplaintDecision, EvidenceThumbs } from '~/features/complaints/ui/ComplaintDecision';
import { Pager } from '~/platform/ui/Pager';
import { readPageQuery, withPageParam } from '~/platform/ui/page-query';
import { usePagedList } from '~/platform/ui/use-paged-list';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

/** Complaint status 1 处理中, 2 已处理 (the contract). */
export function complaintBadgeClass(status: number): string {
  return status === 2 ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-800 ring-amber-200';
}

/** 我的投诉 (spec §2 account "complain"): the renter's complaints, newest first, with the platform's reply. */
function Complaints(): ReactNode {
  const { query, remote: load, pages, goToPage, reload, listRef } = usePagedList<{ page: number }, Page<Complaint>, HTMLUListElement>({
    readQuery: readPageQuery,
    writeQuery: withPageParam,
    fetchPage: (current, signal) => listComplaints({ page: current.page, page_size: MONEY_PAGE_SIZE_DEFAULT }, { signal }),
    pageSize: MONEY_PAGE_SIZE_DEFAULT,
  });

  if (load.kind === 'loading') return <Skeleton lines={6} className="py-6" />;
  if (load.kind === 'failed') {
    return <LoadFailed text="获取投诉记录失败" onRetry={reload} />;
  }
  if (load.data.list.length === 0) return <EmptyState type={1} text="暂无投诉记录" />;

  return (
    <div className="py-2">
      <ul ref={listRef} tabIndex={-1} aria-label="投诉记录" className="space-y-3 outline-none">
        {load.data.list.map((complaint) => (
          <li key={complaint.id}>
            <ComplaintCard complaint={complaint} />
          </li>
        ))}
      </ul>
      <Pager page={query.page} pages={pages} label="投诉分页" onPage={goToPage} />
    </div>
  );
}

function ComplaintCard({ complaint }: { complaint: Complaint }): ReactNode {
  return (
    <article className="rounded-lg bg-white px-4 py-3 text-sm ring-1 ring-neutral-200" data-complaint-id={complaint.id}>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-neutral-900">{complaint.type_name}</h3>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ${complaintBadgeClass(complaint.status)}`}>{complaint.status_text}</span>
      </header>
      <p className="mt-1 text-xs text-neutral-600">
        {complaint.product_title ? `${complaint.product_title} · ` : ''}订单号 <span className="font-mono">{complaint.order_no}</span>
      </p>
      <p className="mt-2 break-words whitespace-pre-line text-neutral-800">{complaint.content}</p>
      <EvidenceThumbs images={complaint.images ?? []} label="我的凭证图片" />
      {complaint.decision ? (
        <ComplaintDecision decision={complaint.decision} />
      ) : complaint.reply ? (
        <div className="mt-2 rounded-md bg-neutral-50 px-3 py-2 text-neutral-800">
          <span className="font-medium text-primary">平台回复：</span>
          <span className="whitespace-pre-line">{complaint.reply}</span>
        </div>
      ) : null}
      {(complaint.seller_answers ?? []).map((answer) => (
        <div key={answer.id} className="mt-2 rounded-md bg-neutral-50 px-3 py-2 text-neutral-800" data-seller-answer>
          <span className="font-medium text-emerald-700">号主回复：</span>
          <span className="break-words whitespace-pre-line">{answer.content}</span>
          {answer.images.length > 0 ? (
            <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="号主回复图片">
              {answer.images.map((src, index) => (
                <li key={src}>
                  <a href={src} target="_blank" rel="noopener">
                    <img src={src} alt={`号主回复图片${index + 1}`} width={48} height={48} loading="lazy" className="h-12 w-12 rounded object-cover ring-1 ring-neutral-200" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ))}
      <p className="mt-2 text-xs text-neutral-500">
        提交时间 <time dateTime={complaint.created_at}>{formatShanghaiIso(complaint.created_at)}</time>
      </p>
    </article>
  );
}

/** The complain page's island: the sign-in prompt when signed out, the complaints otherwise. */
export default function ComplaintList({ title }: { title: string }): ReactNode {
  return (
    <LoginRequired title={title}>
      <Complaints />
    </LoginRequired>
  );
}
