import type { ReactNode } from 'react';
import { CERTIFICATION_STATE_LABEL, type SellerProfile } from '~/features/sellers/client/seller';
import { routeByName } from '~/platform/config/routes';
import { focusRing } from '~/platform/ui/focus-ring';
import { SellerGate } from '~/features/sellers/ui/SellerGate';
import { getSellerOverview } from '~/features/sellers/client/seller-earnings';
import type { SellerOverview } from '~/features/sellers/contract/seller-overview';
import { fenToYuan } from '~/platform/rules/money';
import { useRemote } from '~/platform/ui/use-remote';
import { Skeleton } from '~/platform/ui/Skeleton';
import { InlineLoadFailed } from '~/platform/ui/LoadFailed';

/** What a seller does from here, in the order of a day's work. */
const SHORTCUTS = [
  { route: 'seller_listing_new', hint: '填写账号信息、上传图片、设置租金' },
  { route: 'seller_listings', hint: '上架、下架、维护、编辑已发布的账号' },
  { route: 'seller_orders', hint: '查看租客订单，回复投诉' },
  { route: 'seller_earnings', hint: '冻结中与已结算的收益，提现' },
] as const;

/** /seller: the shop, where its application stands, and the way to each seller screen. */
export default function SellerHome({ title }: { title: string }): ReactNode {
  return <SellerGate title={title}>{(profile) => <Dashboard profile={profile} />}</SellerGate>;
}

function Dashboard({ profile }: { profile: SellerProfile & { shop: NonNullable<SellerProfile['shop']> } }): ReactNode {
  const { shop, certification } = profile;
  const pendingUpgrade = certification && certification.state !== 'approved' && certification.cert_type !== shop.cert_type ? certification : null;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3 rounded-lg bg-neutral-50 p-4">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold text-neutral-900">{shop.name}</p>
          <p className="mt-1 text-sm text-neutral-500">
            认证类型：<span className="rounded bg-primary-light px-1.5 py-0.5 text-xs font-medium text-primary-dark">{shop.cert_type_text}</span>
          </p>
        </div>
        <a href={routeByName('seller_apply').path} className={`ml-auto rounded-full border border-neutral-300 px-4 py-1.5 text-sm text-neutral-700 hover:border-primary hover:text-primary ${focusRing}`}>
          {pendingUpgrade ? `认证${CERTIFICATION_STATE_LABEL[pendingUpgrade.state]}` : '升级认证'}
        </a>
      </div>
      <Today />
      <ul className="grid gap-3 sm:grid-cols-2">
        {SHORTCUTS.map(({ route, hint }) => {
          const target = routeByName(route);
          return (
            <li key={route}>
              <a href={target.path} className={`block h-full rounded-lg p-4 ring-1 ring-neutral-200 hover:ring-primary ${focusRing}`}>
                <span className="font-medium text-neutral-900">{target.title}</span>
                <span className="mt-1 block text-sm text-neutral-500">{hint}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

const fetchOverview = (signal: AbortSignal): Promise<SellerOverview> => getSellerOverview({ signal });

/** One figure: what it counts, the number, and where to act on it (when there is something to act on). */
function Figure({ label, value, href, attention = false }: { label: string; value: string; href?: string; attention?: boolean }): ReactNode {
  const body = (
    <>
      <span className="block text-xs text-neutral-500">{label}</span>
      <span className={`mt-1 block text-xl font-semibold tabular-nums ${attention ? 'text-primary' : 'text-neutral-900'}`}>{value}</span>
    </>
  );
  return (
    <li className="min-w-0">
      {href ? (
        <a href={href} className={`block h-full rounded-lg p-3 ring-1 ring-neutral-200 hover:ring-primary ${focusRing}`}>
          {body}
        </a>
      ) : (
        <div className="h-full rounded-lg p-3 ring-1 ring-neutral-200">{body}</div>
      )}
    </li>
  );
}

/** Today at a glance: what runs, what was earned, what waits for the seller. */
function Today(): ReactNode {
  const overview = useRemote(fetchOverview, 'seller-overview');
  const orders = routeByName('seller_orders').path;
  const listingsPath = routeByName('seller_listings').path;
  const earnings = routeByName('seller_earnings').path;
  return (
    <section aria-labelledby="seller-today" className="space-y-3">
      <h2 id="seller-today" className="text-base font-medium text-neutral-900">
        今日概况
      </h2>
      {overview.remote.kind === 'loading' ? <Skeleton lines={3} /> : null}
      {overview.remote.kind === 'failed' ? <InlineLoadFailed text="获取今日概况失败" onRetry={overview.reload} /> : null}
      {overview.remote.kind === 'ready' ? (
        <>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="出租与收益">
            <Figure label="出租中" value={String(overview.remote.data.running_rentals)} href={orders} />
            <Figure label="今日新订单" value={String(overview.remote.data.rentals_today)} href={orders} />
            <Figure label="今日收益" value={`¥${fenToYuan(overview.remote.data.earned_today_fen)}`} href={earnings} />
            <Figure label="冻结中收益" value={`¥${fenToYuan(overview.remote.data.frozen_fen)}`} href={earnings} />
          </ul>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="需要处理">
            <Figure label="待回复投诉" value={String(overview.remote.data.to_answer.complaints)} href={orders} attention={overview.remote.data.to_answer.complaints > 0} />
            <Figure label="待答复无法登录" value={String(overview.remote.data.to_answer.login_failures)} href={orders} attention={overview.remote.data.to_answer.login_failures > 0} />
            <Figure label="待确认哈夫币" value={String(overview.remote.data.to_answer.hafu_reports)} href={orders} attention={overview.remote.data.to_answer.hafu_reports > 0} />
            <Figure label="审核中 / 未通过 / 被暂停" value={`${overview.remote.data.listings.pending_review} / ${overview.remote.data.listings.rejected} / ${overview.remote.data.listings.held}`} href={listingsPath} attention={overview.remote.data.listings.rejected + overview.remote.data.listings.held > 0} />
          </ul>
          <p className="text-xs text-neutral-500">
            在架 {overview.remote.data.listings.on_shelf} 个账号；今日已结算 ¥{fenToYuan(overview.remote.data.released_today_fen)}。
          </p>
        </>
      ) : null}
    </section>
  );
}
