import type { ReactNode } from 'react';
import { cancelSchedule, type CancelStep } from '~/features/orders/rules/refund';
import { fenToYuan } from '~/platform/rules/money';
import { formatShanghaiMonthDayTime } from '~/platform/rules/shanghai-time';

/** spec §4 early-cancel refund as the renter reads it (docs/decisions.md "Early-cancel refund"). */
export const CANCEL_RULE_TEXT = '开始前5小时以上取消全额退还租金；开始前5小时内取消扣租金10%，3小时内扣30%，2小时内扣50%；开始后按未开始的整小时退还租金，最多退50%；押金和未用完的哈夫币全额退还';

/** Stretches shown before the rest fold away: a week's rental changes every hour after its first half. */
const SHOWN_STEPS = 4;

export interface CancelScheduleProps {
  payFen: number;
  startsAt: Date;
  endsAt: Date;
  now: Date;
}

/** "12-01 18:00前取消" for a stretch that ends then; the last stretch runs to the end of the rental. */
export function cancelStepLabel(step: CancelStep, last: boolean): string {
  return last ? `${formatShanghaiMonthDayTime(step.from)}后取消` : `${formatShanghaiMonthDayTime(step.until)}前取消`;
}

export function cancelStepValue(step: CancelStep): string {
  return step.refundFen > 0 ? `退¥${fenToYuan(step.refundFen)}（${step.percent}%）` : '不退租金';
}

function StepRow({ step, last }: { step: CancelStep; last: boolean }): ReactNode {
  return (
    <li className="flex justify-between gap-3 py-0.5">
      <span className="text-neutral-600">
        {cancelStepLabel(step, last)}
        {step.beforeStart ? <span className="ml-1 text-neutral-500">（开始前）</span> : null}
      </span>
      <span className="shrink-0 tabular-nums text-neutral-900">{cancelStepValue(step)}</span>
    </li>
  );
}

/**
 * What cancelling returns at each moment from now to the end, computed by the rule the cancel
 * itself uses (rules/refund.ts), so the renter knows the cost of changing their mind before paying.
 */
export function CancelSchedule({ payFen, startsAt, endsAt, now }: CancelScheduleProps): ReactNode {
  const steps = cancelSchedule({ payFen, startsAt, endsAt }, now);
  if (steps.length === 0) return null;
  const shown = steps.slice(0, SHOWN_STEPS);
  const folded = steps.slice(SHOWN_STEPS);
  const lastIndex = steps.length - 1;
  return (
    <section className="rounded-md bg-neutral-50 px-3 py-2 text-xs leading-5" aria-label="取消退款" data-cancel-schedule>
      <h3 className="mb-1 font-medium text-neutral-800">取消可退租金</h3>
      <ul>
        {shown.map((step, index) => (
          <StepRow key={step.from.getTime()} step={step} last={index === lastIndex} />
        ))}
      </ul>
      {folded.length > 0 ? (
        <details>
          <summary className="cursor-pointer py-1 text-primary">查看其余{folded.length}档</summary>
          <ul>
            {folded.map((step, index) => (
              <StepRow key={step.from.getTime()} step={step} last={SHOWN_STEPS + index === lastIndex} />
            ))}
          </ul>
        </details>
      ) : null}
      <p className="mt-1 text-neutral-500">{CANCEL_RULE_TEXT}</p>
    </section>
  );
}
