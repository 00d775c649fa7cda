import type { ReactNode } from 'react';
import type { MoneyLine } from '~/features/orders/ui/order-helpers';

/** One colour per kind of amount, shared by the renter's and the seller's order cards. */
const MONEY_TONE: Record<MoneyLine['tone'], string> = {
  strong: 'font-bold text-primary',
  minus: 'text-emerald-700',
  back: 'text-sky-800',
  plain: 'text-neutral-900',
  muted: 'text-neutral-600',
};

/** An order card's money column: label and amount per line, each tagged data-money=<key> for tests and styles. */
export function MoneyLines({ lines, label }: { lines: readonly MoneyLine[]; label: string }): ReactNode {
  return (
    <dl className="grid shrink-0 grid-cols-[auto_auto] gap-x-4 gap-y-0.5 text-xs sm:min-w-44" aria-label={label}>
      {lines.map((line) => (
        <div key={line.key} className="contents" data-money={line.key}>
          <dt className="text-neutral-600">{line.label}</dt>
          <dd className={`text-right tabular-nums ${MONEY_TONE[line.tone]}`}>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
