import type { ReactNode } from 'react';
import { getFreeCoupons } from '~/features/free/client';
import { MSG_FREE_COUPONS_NONE } from '~/features/free/constants';
import { freeCouponFace } from '~/features/free/rules/free-coupon';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing } from '~/platform/ui/focus-ring';
import { useRemote } from '~/platform/ui/use-remote';

/** Where a coupon is used: the free zone's listings, each with its 免费玩 button. */
const FREE_ZONE_HREF = '/free';

/**
 * 免费租号券 on 我的红包 (spec §1 "use free-rental coupons"): the renter's usable coupons from GET
 * free/coupons, soonest to expire first, each leading to the free zone where the free checkout
 * takes it; an honest empty line when there is none. `version` changes when something may have
 * given a coupon (an exchange code), so the list is read again.
 */
export function FreeCouponList({ version = 0 }: { version?: number }): ReactNode {
  const { remote, reload } = useRemote((signal) => getFreeCoupons({ signal }), `free-coupons:${version}`);
  return (
    <section aria-labelledby="free-coupons-title" className="flex flex-col gap-3" data-free-coupons>
      <h2 id="free-coupons-title" className="text-base font-semibold text-neutral-900">
        免费租号券
        <span className="ml-2 text-xs font-normal text-neutral-600">用于免费专区的账号，每张用一次</span>
      </h2>
      {remote.kind === 'loading' ? (
        <p className="text-sm text-neutral-600" aria-busy="true">
          正在加载免费租号券…
        </p>
      ) : remote.kind === 'failed' ? (
        <p className="text-sm text-neutral-600">
          获取免费租号券失败，
          <button type="button" onClick={reload} className={`text-primary underline ${focusRing}`}>
            重试
          </button>
        </p>
      ) : remote.data.length === 0 ? (
        <EmptyState type={1} text={MSG_FREE_COUPONS_NONE} />
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {remote.data.map((coupon) => (
            <li key={coupon.id}>
              <article className="flex overflow-hidden rounded-lg bg-white ring-1 ring-amber-300" data-free-coupon-id={coupon.id}>
                <div className="flex w-28 shrink-0 flex-col items-center justify-center border-r-2 border-dashed border-white bg-amber-500 px-2 py-4 text-white">
                  <p className="text-2xl font-bold whitespace-nowrap tabular-nums">{coupon.hours}小时</p>
                  <p className="mt-1 text-xs opacity-90">免费租号券</p>
                </div>
                <div className="flex min-w-0 flex-1 flex-col gap-1 p-3">
                  <h3 className="truncate text-sm font-medium text-neutral-900">{coupon.name}</h3>
                  <p className="text-xs text-amber-700">{freeCouponFace(coupon.hours)}（不超过账号的免费时长）</p>
                  <p className="text-xs text-neutral-500 tabular-nums">有效期至 {formatShanghaiIso(coupon.expires_at)}</p>
                  <div className="mt-auto flex justify-end pt-1">
                    <a href={FREE_ZONE_HREF} className={`rounded-full bg-amber-500 px-4 py-1 text-xs text-white hover:bg-amber-600 ${focusRing}`}>
                      去免费专区使用
                    </a>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
