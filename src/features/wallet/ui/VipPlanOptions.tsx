import type { ReactNode } from 'react';
import type { VipPlan } from '~/features/wallet/client/money';
import { dailyPriceYuan } from '~/features/wallet/ui/vip-plans';

export interface VipPlanOptionsProps {
  plans: VipPlan[];
  selectedId: number | null;
  onSelect(planId: number): void;
  /** Name of the radio group (unique per page). */
  name: string;
}

/** The VIP plans as a radio group of cards; the native radios keep arrow-key selection. */
export function VipPlanOptions({ plans, selectedId, onSelect, name }: VipPlanOptionsProps): ReactNode {
  return (
    <fieldset>
      <legend className="sr-only">选择VIP套餐</legend>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {plans.map((plan) => (
          <label
            key={plan.id}
            data-plan-id={plan.id}
            className="relative flex cursor-pointer flex-col items-center gap-1 rounded-lg bg-white px-4 py-5 text-center ring-1 ring-neutral-200 hover:ring-primary has-[:checked]:bg-primary-light has-[:checked]:ring-2 has-[:checked]:ring-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
          >
            <input
              type="radio"
              name={name}
              value={plan.id}
              checked={selectedId === plan.id}
              onChange={() => onSelect(plan.id)}
              className="sr-only"
            />
            <span className="text-base font-bold text-neutral-900">{plan.name}</span>
            <span className="text-xs text-neutral-600">{plan.days}天</span>
            <span className="mt-1 inline-flex items-baseline text-primary" data-price-fen={plan.price_fen}>
              <span className="text-sm">¥</span>
              <span className="text-3xl font-bold tabular-nums">{plan.price}</span>
            </span>
            {plan.original_price_fen > plan.price_fen ? (
              <span className="text-xs text-neutral-500">
                <span className="sr-only">原价</span>
                <s className="tabular-nums">¥{plan.original_price}</s>
              </span>
            ) : null}
            <span className="mt-1 text-xs text-neutral-700" data-daily>
              每天仅需¥{dailyPriceYuan(plan.price_fen, plan.days)}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
