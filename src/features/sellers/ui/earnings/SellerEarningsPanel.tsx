import { useId, useState, type ReactNode } from 'react';
import { getSellerEarnings, LISTING_STATS_SORTS, type ListingStatsSort, type SellerEarnings } from '~/features/sellers/client/seller-earnings';
import { MONEY_PAGE_SIZE_DEFAULT } from '~/platform/config/constants';
import { focusRing } from '~/platform/ui/focus-ring';
import { LoadFailed } from '~/platform/ui/LoadFailed';
import { Pager } from '~/platform/ui/Pager';
import { Skeleton } from '~/platform/ui/Skeleton';
import { pageCountOf } from '~/features/catalog/rules/user-catalog';
import { useRemote } from '~/platform/ui/use-remote';
import { SellerGate } from '~/features/sellers/ui/SellerGate';
import { EarningsChart } from '~/features/sellers/ui/earnings/EarningsChart';

/** The existing withdrawal screen: released earnings are wallet money like any other. */
export const WITHDRAW_HREF = '/account/Withdraw';

const SORT_LABEL: Readonly<Record<ListingStatsSort, string>> = {
  earnings_desc: '收益从高到低',
  earnings_asc: '收益从低到高',
  rentals_desc: '出租次数最多',
};

/** The per-listing table's columns, in order (the first is the row's heading). */
const LISTING_STATS_COLUMNS = ['账号', '浏览', '出租次数', '出租时长', '收益', '平均评分'] as const;

/** The hold explained in one line (the hours are the operator's setting). */
export function holdText(holdHours: number): string {
  return `每笔租金扣除平台佣金后计入收益，先冻结至租期结束后${holdHours}小时（投诉处理期，有进行中的投诉时顺延），再自动结算到账户余额，可随时提现。`;
}

function Figure({ label, value, hint, tone = 'plain' }: { label: string; value: string; hint?: string; tone?: 'plain' | 'strong' | 'muted' }): ReactNode {
  const colour = tone === 'strong' ? 'text-primary' : tone === 'muted' ? 'text-neutral-700' : 'text-neutral-900';
  return (
    <div className="rounded-lg bg-neutral-50 px-3 py-3 ring-1 ring-neutral-200">
      <dt className="text-xs text-neutral-600">{label}</dt>
      <dd className={`mt-1 text-lg font-bold tabular-nums sm:text-xl ${colour}`}>¥{value}</dd>
      {hint ? <dd className="mt-0.5 text-xs text-neutral-500">{hint}</dd> : null}
    </div>
  );
}

function Earnings(): ReactNode {
  const id = useId();
  const [query, setQuery] = useState<{ page: number; sort: ListingStatsSort }>({
    page: 1,
    sort: 'earnings_desc',
  });
  const { remote, reload } = useRemote<SellerEarnings>(
    (signal) =>
      getSellerEarnings(
        {
          page: query.page,
          page_size: MONEY_PAGE_SIZE_DEFAULT,
          sort: query.sort,
        },
        { signal },
      ),
    JSON.stringify(query),
  );
  if (remote.kind === 'loading') return <Skeleton lines={8} className="py-6" />;
  if (remote.kind === 'failed') return <LoadFailed text="获取收益信息失败" onRetry={reload} />;
  const data = remote.data;
  const pages = pageCountOf(data.listings.total, MONEY_PAGE_SIZE_DEFAULT);

  return (
    <div className="space-y-6 py-2">
      <section aria-labelledby={`${id}-figures`}>
        <h2 id={`${id}-figures`} className="sr-only">
          收益概览
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" data-earnings-figures>
          <Figure label="冻结中" value={data.frozen} hint="租期结束并过冻结期后结算" />
          <Figure label="已结算" value={data.released} hint="已转入账户余额" tone="strong" />
          <Figure label="本月收益" value={data.month} hint="本月支付的订单" />
          <Figure label="平台佣金" value={data.commission} hint="累计" tone="muted" />
        </dl>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg px-3 py-2 ring-1 ring-neutral-200">
          <p className="text-sm text-neutral-700">
            账户余额 <span className="font-bold tabular-nums text-neutral-900">¥{data.balance}</span>
          </p>
          <a href={WITHDRAW_HREF} className={`rounded-full bg-primary px-5 py-1.5 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
            提现
          </a>
        </div>
        <p className="mt-2 text-xs leading-5 text-neutral-600" data-hold-hours={data.hold_hours}>
          {holdText(data.hold_hours)}
        </p>
      </section>

      <section aria-labelledby={`${id}-chart`}>
        <h2 id={`${id}-chart`} className="mb-2 text-base font-medium text-neutral-900">
          近30天收益
        </h2>
        <EarningsChart series={data.series} />
      </section>

      <section aria-labelledby={`${id}-listings`}>
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-listings`} className="text-base font-medium text-neutral-900">
            账号数据
          </h2>
          <label className="flex items-center gap-2 text-sm text-neutral-600">
            排序
            <select
              value={query.sort}
              onChange={(event) =>
                setQuery({
                  page: 1,
                  sort: event.target.value as ListingStatsSort,
                })
              }
              className={`rounded border border-neutral-300 bg-white px-2 py-1 text-sm text-neutral-800 ${focusRing}`}
            >
              {LISTING_STATS_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {SORT_LABEL[sort]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {data.listings.list.length === 0 ? (
          <p className="rounded-lg bg-neutral-50 px-3 py-6 text-center text-sm text-neutral-500">还没有发布账号</p>
        ) : (
          // A .card-table (styles/global.css): each listing is a card on a phone (账号 and 收益 first,
          // then 浏览, 出租次数, 出租时长 and 平均评分), scrolled sideways nowhere.
          <div className="rounded-lg ring-1 ring-neutral-200 sm:overflow-x-auto" role="region" aria-labelledby={`${id}-listings`} tabIndex={0}>
            <table role="table" className="card-table w-full text-sm sm:min-w-[560px]">
              <thead role="rowgroup" className="bg-neutral-50 text-xs text-neutral-600">
                <tr role="row">
                  {LISTING_STATS_COLUMNS.map((column, index) => (
                    <th key={column} role="columnheader" scope="col" className={`px-3 py-2 font-medium ${index === 0 ? 'text-left' : 'text-right'}`}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody role="rowgroup" className="divide-y divide-neutral-100">
                {data.listings.list.map((row) => (
                  <tr role="row" key={row.listing_id} data-listing-id={row.listing_id}>
                    <th role="rowheader" scope="row" data-card="lead" className="max-w-56 px-3 py-2 text-left font-normal">
                      <a href={`/detail/${row.listing_id}.html`} className={`line-clamp-2 text-neutral-900 hover:text-primary ${focusRing}`}>
                        {row.title}
                      </a>
                    </th>
                    <td role="cell" data-card="small" data-label="浏览" className="px-3 py-2 text-right tabular-nums">{row.views}</td>
                    <td role="cell" data-card="end small" data-label="出租次数" className="px-3 py-2 text-right tabular-nums">{row.rentals}</td>
                    <td role="cell" data-card="small" data-label="出租时长" className="px-3 py-2 text-right tabular-nums whitespace-nowrap">{row.rental_hours}小时</td>
                    <td role="cell" data-card="lead end" className={`px-3 py-2 text-right font-medium tabular-nums ${row.earnings_fen > 0 ? 'text-primary' : 'text-neutral-500'}`}>¥{row.earnings}</td>
                    <td role="cell" data-card="end small" data-label="平均评分" className="px-3 py-2 text-right tabular-nums whitespace-nowrap">
                      {row.avg_rating === null ? '暂无' : `${row.avg_rating.toFixed(1)}（${row.review_count}）`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={query.page} pages={pages} label="账号数据分页" onPage={(page) => setQuery((current) => ({ ...current, page }))} />
      </section>
    </div>
  );
}

/** The /seller/earnings island: the sign-in prompt, the way to become a seller, or the earnings. */
export default function SellerEarningsPanel({ title }: { title: string }): ReactNode {
  return <SellerGate title={title}>{() => <Earnings />}</SellerGate>;
}
