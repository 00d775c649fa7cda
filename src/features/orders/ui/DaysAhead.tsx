import { useEffect, useState, type ReactNode } from 'react';
import { ORDER_ROUTES } from '~/features/orders/routes';
import { DAY_STATE_LABEL, type DayState, type DaysAheadView } from '~/features/orders/rules/days-ahead';
import { DAYS_AHEAD } from '~/features/orders/constants';
import { callPublic } from '~/platform/client/public-get';
import { focusRing } from '~/platform/ui/focus-ring';

/** The cell's word: short enough for seven cells across a 390 px window. */
const CELL_WORD: Readonly<Record<DayState, string>> = { free: '空闲', partial: '部分', full: '约满', closed: '不可租' };
const CELL_STYLE: Readonly<Record<DayState, string>> = {
  free: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  partial: 'border-amber-200 bg-amber-50 text-amber-800',
  full: 'border-neutral-200 bg-neutral-100 text-neutral-500',
  closed: 'border-neutral-200 bg-neutral-100 text-neutral-500',
};

/**
 * The detail page's 档期: which of the coming days still have free time, and when. Loaded in the
 * browser (the detail page is cached for everyone and bookings change by the minute); a failure
 * shows an honest line instead of guessing.
 */
export default function DaysAhead({ listingId }: { listingId: number }): ReactNode {
  const [view, setView] = useState<DaysAheadView | null>(null);
  const [failed, setFailed] = useState(false);
  const [chosen, setChosen] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    callPublic(ORDER_ROUTES.daysAhead, { account_id: listingId }, controller.signal)
      .then(setView)
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [listingId]);

  const heading = <h2 className="text-sm font-medium text-neutral-900">近{DAYS_AHEAD}天档期</h2>;
  if (failed) {
    return <section className="flex flex-col gap-2" data-days-ahead="failed">{heading}<p className="text-xs text-neutral-500">档期暂时无法加载，请稍后刷新</p></section>;
  }
  if (!view) return <section className="flex min-h-24 flex-col gap-2" aria-busy="true">{heading}</section>;
  if (!view.listed) {
    return <section className="flex flex-col gap-2" data-days-ahead="unlisted">{heading}<p className="text-xs text-neutral-500">该账号已下架，暂无档期</p></section>;
  }
  const day = view.days[chosen] ?? view.days[0];
  return (
    <section className="flex flex-col gap-2" data-days-ahead="ready">
      {heading}
      <ol className="grid grid-cols-7 gap-1">
        {view.days.map((item, index) => (
          <li key={item.date}>
            <button
              type="button"
              aria-pressed={index === chosen}
              aria-label={`${item.label} ${item.month_day} ${DAY_STATE_LABEL[item.state]}`}
              onClick={() => setChosen(index)}
              className={`flex w-full flex-col items-center rounded border px-0.5 py-1 text-xs leading-tight ${CELL_STYLE[item.state]} ${index === chosen ? 'ring-2 ring-primary' : ''} ${focusRing}`}
            >
              <span className="font-medium">{item.label}</span>
              <span className="text-[11px] opacity-80">{item.month_day}</span>
              <span data-state={item.state}>{CELL_WORD[item.state]}</span>
            </button>
          </li>
        ))}
      </ol>
      {day && (
        <p className="text-xs text-neutral-600" aria-live="polite" data-days-ahead-line>
          {day.label} {day.month_day}：
          {day.free.length > 0 ? `空闲 ${day.free.map((stretch) => `${stretch.from}-${stretch.to}`).join('、')}` : DAY_STATE_LABEL[day.state]}
        </p>
      )}
    </section>
  );
}
