import type { ReactNode } from 'react';
import { CERTIFICATION_STATE_LABEL, type SellerProfile } from '~/features/sellers/client/seller';
import { routeByName } from '~/platform/config/routes';
import { focusRing } from '~/platform/ui/focus-ring';
import { SellerGate } from '~/features/sellers/ui/SellerGate';

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
