import type { ReactNode } from 'react';

/**
 * One row of a price or order summary (a `<dl>`): the label on the left, the figure on the right.
 * `strong` marks the amount to pay.
 */
export function FigureRow({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }): ReactNode {
  return (
    <div className="flex justify-between gap-4">
      <dt className="shrink-0 text-neutral-600">{label}</dt>
      <dd className={`text-right tabular-nums ${strong ? 'font-bold text-primary' : 'text-neutral-900'}`}>{children}</dd>
    </div>
  );
}
