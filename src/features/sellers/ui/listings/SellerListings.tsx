import { useEffect, useId, useState, type SubmitEvent, type ReactNode } from 'react';
import {
  SELLER_LISTING_FILTERS,
  SELLER_LISTING_FILTER_LABEL,
  SELLER_LISTINGS_PAGE_SIZE_DEFAULT,
  SELLER_LISTINGS_SEARCH_MAX_CHARS,
  bulkChangeSellerListingPrice,
  bulkChangeSellerListingState,
  changeSellerListingState,
  deleteSellerListing,
  getSellerListingOptions,
  listSellerListings,
  type Page,
  type SellerListingBulkAnswer,
  type SellerListingFilter,
  type SellerListingRow,
} from '~/features/sellers/client/seller-listings';
import { SELLER_STATE_ACTION, SELLER_STATE_LABEL, availableMoves, type SellerStateTarget } from '~/features/sellers/rules/listing-form';
import { isApiError } from '~/platform/client/errors';
import { showSuccess } from '~/platform/stores/ui';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { EmptyState } from '~/platform/ui/EmptyState';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Modal } from '~/platform/ui/Modal';
import { Pager } from '~/platform/ui/Pager';
import { Skeleton } from '~/platform/ui/Skeleton';
import { focusRing } from '~/platform/ui/focus-ring';
import { usePagedList } from '~/platform/ui/use-paged-list';
import { useRemote } from '~/platform/ui/use-remote';
import { SellerGate } from '~/features/sellers/ui/SellerGate';
import { FLASH_KEY, SELLER_LISTING_NEW_HREF, detailHref, editHref, readListingsQuery, withListingsQuery, type ListingsQuery } from '~/features/sellers/ui/listings/listing-helpers';

// Every control is at least 44 px tall on a phone (a thumb's width), 36 px from sm up.
const smallButton = `inline-flex min-h-11 items-center justify-center rounded border border-neutral-300 bg-white px-3 text-sm text-neutral-700 hover:border-primary hover:text-primary disabled:opacity-40 sm:min-h-9 ${focusRing}`;
const dangerButton = `inline-flex min-h-11 items-center justify-center rounded border border-red-300 bg-white px-3 text-sm text-red-700 hover:border-red-600 hover:bg-red-50 sm:min-h-9 ${focusRing}`;
const dangerSolid = `inline-flex min-h-11 items-center justify-center gap-2 rounded bg-red-600 px-4 text-sm font-medium text-white hover:bg-red-700 sm:min-h-9 ${focusRing}`;
const primaryLink = `inline-flex min-h-11 items-center rounded bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark sm:min-h-10 ${focusRing}`;
const fieldClass = `min-h-11 w-full min-w-0 rounded border border-neutral-300 bg-white px-3 text-sm text-neutral-900 focus:border-primary focus:outline-none sm:min-h-10 ${focusRing}`;

const STATE_BADGE: Record<SellerListingRow['seller_state'], string> = {
  on_shelf: 'bg-green-50 text-green-700 ring-green-200',
  off_shelf: 'bg-neutral-100 text-neutral-600 ring-neutral-200',
  maintenance: 'bg-amber-50 text-amber-700 ring-amber-200',
  deleted: 'bg-neutral-100 text-neutral-500 ring-neutral-200',
};

// The single states, then 待处理 (pending, rejected and taken down together, as 卖家中心 links to it).
const STATE_OPTIONS = SELLER_LISTING_FILTERS.map((value) => ({ value, label: SELLER_LISTING_FILTER_LABEL[value] }));

function Badge({ className, children }: { className: string; children: ReactNode }): ReactNode {
  return <span className={`inline-flex items-center rounded px-1.5 py-0.5 text-xs ring-1 ${className}`}>{children}</span>;
}

function ReviewLine({ row }: { row: SellerListingRow }): ReactNode {
  if (row.platform_hold) {
    // The platform's reason is what the seller must act on; only customer service restores it.
    return (
      <span className="text-xs break-all text-primary" data-platform-hold>
        平台下架：{row.platform_hold.reason}（处理后请联系客服恢复）
      </span>
    );
  }
  if (row.review_status === 'pending') return <Badge className="bg-blue-50 text-blue-700 ring-blue-200">审核中</Badge>;
  if (row.review_status === 'rejected') {
    return (
      <span className="text-xs break-all text-primary">
        已驳回{row.review_reason ? `：${row.review_reason}` : ''}
      </span>
    );
  }
  return null;
}

/** 浏览 · 出租 · 评分 of a row, from the page views, listing_stats and the reviews. */
function Figures({ row }: { row: SellerListingRow }): ReactNode {
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-neutral-600" aria-label="数据">
      <div className="flex gap-1">
        <dt>浏览</dt>
        <dd className="tabular-nums">{row.views}</dd>
      </div>
      <div className="flex gap-1">
        <dt>出租</dt>
        <dd className="tabular-nums">{row.rentals}次</dd>
      </div>
      <div className="flex gap-1">
        <dt>评分</dt>
        <dd className="tabular-nums">{row.avg_rating === null ? '暂无' : `${row.avg_rating.toFixed(1)}（${row.review_count}条）`}</dd>
      </div>
    </dl>
  );
}

interface RowProps {
  row: SellerListingRow;
  selected: boolean;
  onSelect(selected: boolean): void;
  onMove(target: SellerStateTarget): Promise<void>;
  onDelete(): void;
}

function ListingRowCard({ row, selected, onSelect, onMove, onDelete }: RowProps): ReactNode {
  return (
    <article className={`flex min-w-0 flex-col gap-3 rounded-lg border p-3 sm:flex-row ${selected ? 'border-primary bg-primary-light/30' : 'border-neutral-200'}`} aria-label={row.title}>
      <div className="flex min-w-0 flex-1 gap-3">
        <label className="-m-2 flex size-11 shrink-0 cursor-pointer items-center justify-center self-start">
          <input type="checkbox" checked={selected} onChange={(event) => onSelect(event.target.checked)} className="size-5 accent-primary" aria-label={`选择 ${row.title}`} />
        </label>
        {row.cover ? (
          <img src={row.cover} alt="" width={96} height={72} loading="lazy" className="h-18 w-24 shrink-0 rounded object-cover max-sm:h-15 max-sm:w-20" />
        ) : (
          <div className="h-18 w-24 shrink-0 rounded bg-neutral-100 max-sm:h-15 max-sm:w-20" aria-hidden="true" />
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
          <p className="text-xs break-all text-neutral-500">
            {row.game_name} · 编号 {row.id}
            {row.login_account ? ` · 账号 ${row.login_account}` : ''}
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
          <Figures row={row} />
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
        <button type="button" onClick={onDelete} className={dangerButton}>
          删除
        </button>
      </div>
    </article>
  );
}

interface ToolbarProps {
  query: ListingsQuery;
  games: { id: number; name: string }[];
  onQuery(update: Partial<Omit<ListingsQuery, 'page'>>): void;
}

/** 搜索 (title, login account or 编号), 游戏 and 状态: each change asks the server for page 1. */
function Toolbar({ query, games, onQuery }: ToolbarProps): ReactNode {
  const id = useId();
  const [text, setText] = useState(query.q);
  useEffect(() => setText(query.q), [query.q]);
  function submit(event: SubmitEvent<HTMLFormElement>): void {
    event.preventDefault();
    onQuery({ q: text.trim() });
  }
  return (
    <div className="mb-4 grid min-w-0 gap-3 sm:grid-cols-[minmax(0,1fr)_10rem_12rem]">
      <form role="search" aria-label="搜索账号" onSubmit={submit} className="flex min-w-0 gap-2">
        <label htmlFor={`${id}-q`} className="sr-only">
          搜索标题、登录账号或编号
        </label>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          maxLength={SELLER_LISTINGS_SEARCH_MAX_CHARS}
          placeholder="搜索标题、登录账号或编号"
          onChange={(event) => setText(event.target.value)}
          className={fieldClass}
        />
        <button type="submit" className={`${smallButton} shrink-0`}>
          搜索
        </button>
      </form>
      <div className="grid min-w-0 grid-cols-2 gap-3 sm:contents">
        <label className="min-w-0">
          <span className="sr-only">游戏</span>
          <select value={query.game ?? ''} onChange={(event) => onQuery({ game: event.target.value ? Number(event.target.value) : null })} className={fieldClass} aria-label="游戏">
            <option value="">全部游戏</option>
            {games.map((game) => (
              <option key={game.id} value={game.id}>
                {game.name}
              </option>
            ))}
          </select>
        </label>
        <label className="min-w-0">
          <span className="sr-only">状态</span>
          <select value={query.state} onChange={(event) => onQuery({ state: event.target.value as SellerListingFilter })} className={fieldClass} aria-label="状态">
            {STATE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}

/** The 改价 dialog's body: one new hourly price for every selected row. */
function PriceDialog({ count, open, onClose, onConfirm }: { count: number; open: boolean; onClose(): void; onConfirm(rental: string): Promise<void> }): ReactNode {
  const id = useId();
  const [rental, setRental] = useState('');
  useEffect(() => {
    if (open) setRental('');
  }, [open]);
  return (
    <Modal
      open={open}
      title="批量改价"
      onClose={onClose}
      width={420}
      footer={
        <div className="flex justify-end gap-3">
          <button type="button" onClick={onClose} className={smallButton}>
            取消
          </button>
          <DebounceButton onAction={() => onConfirm(rental)} className={`inline-flex min-h-11 items-center justify-center gap-2 rounded bg-primary px-4 text-sm font-medium text-white hover:bg-primary-dark sm:min-h-9 ${focusRing}`}>
            确认改价
          </DebounceButton>
        </div>
      }
    >
      <label htmlFor={`${id}-rental`} className="mb-1 block text-sm text-neutral-700">
        新的时租价格（元/小时），应用到已选的 {count} 个账号
      </label>
      <input id={`${id}-rental`} inputMode="decimal" value={rental} placeholder="例如 4.5" onChange={(event) => setRental(event.target.value)} className={fieldClass} />
      <p className="mt-2 text-xs text-neutral-500">价格变动较大的账号需重新审核（审核开启时），通过后生效。</p>
    </Modal>
  );
}

function Listings(): ReactNode {
  const id = useId();
  const panelId = `${id}-panel`;
  const { query, setQuery, remote, pages, goToPage, reload, replace, listRef } = usePagedList<ListingsQuery, Page<SellerListingRow>, HTMLDivElement>({
    readQuery: readListingsQuery,
    writeQuery: withListingsQuery,
    fetchPage: (current, signal) =>
      listSellerListings(
        {
          state: current.state,
          ...(current.q ? { q: current.q } : {}),
          ...(current.game !== null ? { game_id: current.game } : {}),
          page: current.page,
          page_size: SELLER_LISTINGS_PAGE_SIZE_DEFAULT,
        },
        { signal },
      ),
    pageSize: SELLER_LISTINGS_PAGE_SIZE_DEFAULT,
  });
  const { remote: options } = useRemote((signal) => getSellerListingOptions({ signal }), 'options');
  const games = options.kind === 'ready' ? options.data.games.map((game) => ({ id: game.id, name: game.name })) : [];
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [deleting, setDeleting] = useState<SellerListingRow | null>(null);
  const [pricing, setPricing] = useState(false);
  const [status, setStatus] = useState('');
  const rows = remote.kind === 'ready' ? remote.data.list : [];
  const pageIds = rows.map((row) => row.id);
  const chosen = pageIds.filter((rowId) => selected.has(rowId));
  const allChosen = pageIds.length > 0 && chosen.length === pageIds.length;

  // A selection is of the rows on screen: a new page, filter or search starts with none.
  const pageKey = pageIds.join(',');
  useEffect(() => {
    const onPage = new Set(pageKey.split(',').filter(Boolean).map(Number));
    setSelected((current) => new Set([...current].filter((rowId) => onPage.has(rowId))));
  }, [pageKey]);

  useEffect(() => {
    // The form saved and came here: say so once.
    const flash = sessionStorage.getItem(FLASH_KEY);
    if (flash) {
      sessionStorage.removeItem(FLASH_KEY);
      showSuccess(flash);
      setStatus(flash);
    }
  }, []);

  function say(msg: string): void {
    showSuccess(msg);
    setStatus(msg);
  }

  function toggle(rowId: number, on: boolean): void {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(rowId);
      else next.delete(rowId);
      return next;
    });
  }

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
    say(answer.msg);
    reload();
  }

  function afterBulk(answer: SellerListingBulkAnswer): void {
    say(answer.msg);
    setSelected(new Set());
    reload();
  }

  /** A bulk call; a refusal (the client has toasted the server's sentence) is announced too and changes nothing. */
  async function runBulk(action: () => Promise<SellerListingBulkAnswer>): Promise<boolean> {
    try {
      afterBulk(await action());
      return true;
    } catch (error) {
      if (!isApiError(error)) throw error;
      setStatus(error.msg);
      return false;
    }
  }

  async function bulkMove(state: 'on_shelf' | 'off_shelf'): Promise<void> {
    await runBulk(() => bulkChangeSellerListingState(chosen, state));
  }

  async function bulkPrice(rental: string): Promise<void> {
    if (await runBulk(() => bulkChangeSellerListingPrice({ ids: chosen, rental }))) setPricing(false);
  }

  async function confirmDelete(): Promise<void> {
    if (!deleting) return;
    const answer = await deleteSellerListing(deleting.id);
    setDeleting(null);
    say(answer.msg);
    reload();
  }

  const filtered = query.state !== 'all' || query.q !== '' || query.game !== null;
  let body: ReactNode;
  if (remote.kind === 'loading') body = <Skeleton lines={6} className="py-4" />;
  else if (remote.kind === 'failed') body = <LoadFailed text="获取账号列表失败" onRetry={reload} />;
  else if (remote.data.list.length === 0) {
    body = (
      <EmptyState
        type={1}
        text={filtered ? '没有符合条件的账号' : '还没有出租的账号'}
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
              <ListingRowCard row={row} selected={selected.has(row.id)} onSelect={(on) => toggle(row.id, on)} onMove={(target) => move(row, target)} onDelete={() => setDeleting(row)} />
            </li>
          ))}
        </ul>
        <Pager page={query.page} pages={pages} label="账号分页" onPage={goToPage} />
      </>
    );
  }

  return (
    <div className="min-w-0">
      <div className="mb-4 flex items-center justify-between gap-3">
        <p className="text-sm text-neutral-500">{remote.kind === 'ready' ? `共 ${remote.data.total} 个账号` : '\u00a0'}</p>
        <a href={SELLER_LISTING_NEW_HREF} className={primaryLink}>
          发布账号
        </a>
      </div>
      <Toolbar query={query} games={games} onQuery={(update) => setQuery((current) => ({ ...current, ...update, page: 1 }))} />
      <div role="toolbar" aria-label="批量操作" className="mb-3 flex min-w-0 flex-wrap items-center gap-2 rounded-lg bg-neutral-50 px-2 py-1">
        <label className="flex min-h-11 cursor-pointer items-center gap-2 px-1 text-sm text-neutral-700">
          <input
            type="checkbox"
            checked={allChosen}
            disabled={pageIds.length === 0}
            onChange={(event) => setSelected(event.target.checked ? new Set(pageIds) : new Set())}
            className="size-5 accent-primary"
          />
          全选本页
        </label>
        <span className="text-sm text-neutral-500 tabular-nums" aria-live="polite">
          已选 {chosen.length} 个
        </span>
        <div className="flex flex-wrap gap-2 sm:ml-auto">
          <DebounceButton onAction={() => bulkMove('on_shelf')} disabled={chosen.length === 0} className={smallButton}>
            批量上架
          </DebounceButton>
          <DebounceButton onAction={() => bulkMove('off_shelf')} disabled={chosen.length === 0} className={smallButton}>
            批量下架
          </DebounceButton>
          <button type="button" onClick={() => setPricing(true)} disabled={chosen.length === 0} className={smallButton}>
            批量改价
          </button>
        </div>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
      <div id={panelId} ref={listRef} aria-label="账号列表" role="region" aria-busy={remote.kind === 'loading'} tabIndex={-1} className="outline-none">
        {body}
      </div>
      <PriceDialog count={chosen.length} open={pricing} onClose={() => setPricing(false)} onConfirm={bulkPrice} />
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
            <DebounceButton onAction={confirmDelete} className={dangerSolid}>
              确认删除
            </DebounceButton>
          </div>
        }
      >
        <p className="text-sm break-all text-neutral-700">
          确定删除「{deleting?.title}」吗？<strong className="text-red-700">删除后不可恢复</strong>；若该账号还有进行中或未开始的订单，将改为下架。
        </p>
      </Modal>
    </div>
  );
}

/** /seller/listings (我的出租): search, filter by game and state, bulk 上架 / 下架 / 改价, and each row's 编辑 / 上架 / 下架 / 维护 / 删除. */
export default function SellerListings({ title }: { title: string }): ReactNode {
  return <SellerGate title={title}>{() => <Listings />}</SellerGate>;
}
