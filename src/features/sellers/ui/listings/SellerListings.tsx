import { useEffect, useId, useState, type ReactNode } from 'react';
import {
  SELLER_LISTING_FILTERS,
  SELLER_LISTING_FILTER_LABEL,
  SELLER_LISTINGS_PAGE_SIZE_DEFAULT,
  changeSellerListingState,
  deleteSellerListing,
  listSellerListings,
  type Page,
  type SellerListingRow,
} from '~/features/sellers/client/seller-listings';
import { SELLER_STATE_ACTION, SELLER_STATE_LABEL, availableMoves, type SellerStateTarget } from '~/features/sellers/rules/listing-form';
import { showSuccess } from '~/platform/stores/ui';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Modal } from '~/platform/ui/Modal';
import { Pager } from '~/platform/ui/Pager';
import { Skeleton } from '~/platform/ui/Skeleton';
import { Tabs, tabId } from '~/platform/ui/Tabs';
import { focusRing } from '~/platform/ui/focus-ring';
import { usePagedList } from '~/platform/ui/use-paged-list';
import { SellerGate } from '~/features/sellers/ui/SellerGate';
import { FLASH_KEY, SELLER_LISTING_NEW_HREF, detailHref, editHref, readListingsQuery, withListingsQuery, type ListingsQuery } from '~/features/sellers/ui/listings/listing-helpers';

const TABS = SELLER_LISTING_FILTERS.map((value) => ({ value, label: SELLER_LISTING_FILTER_LABEL[value] }));

const smallButton = `inline-flex min-h-9 items-center rounded border border-neutral-300 px-3 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`;
const primaryLink = `inline-flex min-h-10 items-center rounded bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark ${focusRing}`;

const STATE_BADGE: Record<SellerListingRow['seller_state'], string> = {
  on_shelf: 'bg-green-50 text-green-700 ring-green-200',
  off_shelf: 'bg-neutral-100 text-neutral-600 ring-neutral-200',
  maintenance: 'bg-amber-50 text-amber-700 ring-amber-200',
  deleted: 'bg-neutral-100 text-neutral-500 ring-neutral-200',
};

function Badge({ className, children }: { className: string; children: ReactNode }): ReactNode {
  return <span className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs ring-1 ${className}`}>{children}</span>;
}

function ReviewLine({ row }: { row: SellerListingRow }): ReactNode {
  if (row.platform_hold) {
    // The platform's reason is what the seller must act on; only customer service restores it.
    return (
      <span className="text-xs text-primary" data-platform-hold>
        平台下架：{row.platform_hold.reason}（处理后请联系客服恢复）
      </span>
    );
  }
  if (row.review_status === 'pending') return <Badge className="bg-blue-50 text-blue-700 ring-blue-200">审核中</Badge>;
  if (row.review_status === 'rejected') {
    return (
      <span className="text-xs text-primary">
        已驳回{row.review_reason ? `：${row.review_reason}` : ''}
      </span>
    );
  }
  return null;
}

interface RowProps {
  row: SellerListingRow;
  onMove(target: SellerStateTarget): Promise<void>;
  onDelete(): void;
}

function ListingRowCard({ row, onMove, onDelete }: RowProps): ReactNode {
  return (
    <article className="flex flex-col gap-3 rounded-lg border border-neutral-200 p-3 sm:flex-row" aria-label={row.title}>
      <div className="flex min-w-0 flex-1 gap-3">
        {row.cover ? (
          <img src={row.cover} alt="" width={96} height={72} loading="lazy" className="h-18 w-24 shrink-0 rounded object-cover" />
        ) : (
          <div className="h-18 w-24 shrink-0 rounded bg-neutral-100" aria-hidden="true" />
        )}
        <div className="min-w-0 flex-1 space-y-1">
          <h3 className="line-clamp-2 text-sm font-medium break-all text-neutral-900">
            {row.is_listed ? (
              <a href={detailHref(row.id)} className={`hover:text-primary ${focusRing}`}>
                {row.title}
              </a>
            ) : (
              row.title
            )}
          </h3>
          <p className="text-xs text-neutral-500">
            {row.game_name} · 编号 {row.id}
          </p>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span className="font-medium text-primary tabular-nums">¥{row.rental}/小时</span>
            {row.platform_hold ? (
              <Badge className="bg-primary-light text-primary-dark ring-red-200">平台下架</Badge>
            ) : (
              <Badge className={STATE_BADGE[row.seller_state]}>{row.seller_state_text}</Badge>
            )}
            {row.is_rented ? <Badge className="bg-primary-light text-primary-dark ring-red-200">租赁中</Badge> : null}
            <ReviewLine row={row} />
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:shrink-0 sm:flex-nowrap sm:self-start">
        <a href={editHref(row.id)} className={smallButton}>
          编辑
        </a>
        {availableMoves(row.seller_state)
          .filter((target) => !(row.platform_hold && target === 'on_shelf'))
          .map((target) => (
            <DebounceButton key={target} onAction={() => onMove(target)} className={smallButton}>
              {SELLER_STATE_ACTION[target]}
            </DebounceButton>
          ))}
        <button type="button" onClick={onDelete} className={`${smallButton} hover:border-primary`}>
          删除
        </button>
      </div>
    </article>
  );
}

function Listings(): ReactNode {
  const id = useId();
  const panelId = `${id}-panel`;
  const { query, setQuery, remote, pages, goToPage, reload, replace, listRef } = usePagedList<ListingsQuery, Page<SellerListingRow>, HTMLDivElement>({
    readQuery: readListingsQuery,
    writeQuery: withListingsQuery,
    fetchPage: (current, signal) => listSellerListings({ state: current.state, page: current.page, page_size: SELLER_LISTINGS_PAGE_SIZE_DEFAULT }, { signal }),
    pageSize: SELLER_LISTINGS_PAGE_SIZE_DEFAULT,
  });
  const [deleting, setDeleting] = useState<SellerListingRow | null>(null);
  const [status, setStatus] = useState('');

  useEffect(() => {
    // The form saved and came here: say so once.
    const flash = sessionStorage.getItem(FLASH_KEY);
    if (flash) {
      sessionStorage.removeItem(FLASH_KEY);
      showSuccess(flash);
      setStatus(flash);
    }
  }, []);

  async function move(row: SellerListingRow, target: SellerStateTarget): Promise<void> {
    const answer = await changeSellerListingState(row.id, target);
    if (remote.kind === 'ready') {
      replace({
        ...remote.data,
        list: remote.data.list.map((item) =>
          item.id === row.id ? { ...item, seller_state: answer.seller_state, seller_state_text: SELLER_STATE_LABEL[answer.seller_state], is_listed: answer.is_listed } : item,
        ),
      });
    }
    showSuccess(answer.msg);
    setStatus(answer.msg);
    reload();
  }

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    const answer = await deleteSellerListing(deleting.id);
    setDeleting(null);
    showSuccess(answer.msg);
    setStatus(answer.msg);
    reload();
  }

  let body: ReactNode;
  if (remote.kind === 'loading') body = <Skeleton lines={6} className="py-4" />;
  else if (remote.kind === 'failed') body = <LoadFailed text="获取账号列表失败" onRetry={reload} />;
  else if (remote.data.list.length === 0) {
    body = (
      <EmptyState
        type={1}
        text={query.state === 'all' ? '还没有出租的账号' : '该分类下暂无账号'}
        action={
          <a href={SELLER_LISTING_NEW_HREF} className={primaryLink}>
            发布账号
          </a>
        }
      />
    );
  } else {
    body = (
      <>
        <ul className="space-y-3">
          {remote.data.list.map((row) => (
            <li key={row.id}>
              <ListingRowCard row={row} onMove={(target) => move(row, target)} onDelete={() => setDeleting(row)} />
            </li>
          ))}
        </ul>
        <Pager page={query.page} pages={pages} label="账号分页" onPage={goToPage} />
      </>
    );
  }

  return (
    <div>
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="text-sm text-neutral-500">{remote.kind === 'ready' ? `共 ${remote.data.total} 个账号` : '\u00a0'}</p>
        <a href={SELLER_LISTING_NEW_HREF} className={primaryLink}>
          发布账号
        </a>
      </div>
      <div className="mb-4">
        <Tabs label="账号状态" tabs={TABS} value={query.state} panelId={panelId} onChange={(state) => setQuery(() => ({ state, page: 1 }))} />
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <div id={panelId} ref={listRef} role="tabpanel" aria-labelledby={tabId(panelId, query.state)} aria-busy={remote.kind === 'loading'} tabIndex={-1} className="outline-none">
        {body}
      </div>
      <Modal
        open={deleting !== null}
        title="删除账号"
        onClose={() => setDeleting(null)}
        width={420}
        footer={
          <div className="flex justify-end gap-3">
            <button type="button" onClick={() => setDeleting(null)} className={smallButton}>
              取消
            </button>
            <DebounceButton onAction={confirmDelete}>确认删除</DebounceButton>
          </div>
        }
      >
        <p className="text-sm text-neutral-700">
          确定删除「{deleting?.title}」吗？删除后不可恢复；若该账号还有进行中或未开始的订单，将改为下架。
        </p>
      </Modal>
    </div>
  );
}


/** /seller/listings: the seller's accounts by state, with 编辑 / 上架 / 下架 / 维护 / 删除. */
export default function SellerListings({ title }: { title: string }): ReactNode {
  return <SellerGate title={title}>{() => <Listings />}</SellerGate>;
}
