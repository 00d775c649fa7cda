import type { ReactNode } from 'react';
import type { LedgerEntry } from '~/features/wallet/client/money';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

/** Income green, spending red (the wallet's sign convention on every screen). */
export function ledgerAmountClass(entry: Pick<LedgerEntry, 'amount_fen'>): string {
  return entry.amount_fen < 0 ? 'text-primary' : 'text-emerald-700';
}

/**
 * Balance changes as a table: 时间, 类型, 金额, 余额, 单号. Below the small breakpoint each row is a
 * card instead (类型 and 金额 first, then 时间 and 余额, then 单号), so a 390 px phone sees every
 * figure without scrolling sideways (issue 28: the amount, balance and order number were out of
 * sight past 608 px). One table in the page either way: only its layout changes.
 */
export function LedgerTable({ rows, caption }: { rows: readonly LedgerEntry[]; caption: string }): ReactNode {
  return (
    <div className="sm:overflow-x-auto">
      {/* Explicit roles: a phone lays the rows out as grids, and display: grid on table parts can drop their table semantics. */}
      <table role="table" className="w-full text-left text-sm sm:min-w-[36rem]">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-neutral-50 text-neutral-600 max-sm:sr-only">
          <tr role="row">
            <th role="columnheader" scope="col" className="px-3 py-2 font-normal">时间</th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-normal">类型</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-normal">金额</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-normal">余额</th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-normal">单号</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-neutral-100 max-sm:block">
          {rows.map((entry) => (
            <tr role="row" key={entry.id} data-ledger-id={entry.id} className="max-sm:grid max-sm:grid-cols-[1fr_auto] max-sm:gap-x-3 max-sm:gap-y-0.5 max-sm:px-1 max-sm:py-2.5">
              <td role="cell" className="px-3 py-2 whitespace-nowrap text-neutral-600 tabular-nums max-sm:order-3 max-sm:p-0 max-sm:text-xs">{formatShanghaiIso(entry.created_at)}</td>
              <td role="cell" className="px-3 py-2 text-neutral-900 max-sm:order-1 max-sm:p-0">{entry.kind_text}</td>
              <td role="cell" className={`px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums max-sm:order-2 max-sm:p-0 ${ledgerAmountClass(entry)}`} data-amount-fen={entry.amount_fen}>
                {entry.amount}
              </td>
              <td role="cell" className="px-3 py-2 text-right whitespace-nowrap text-neutral-700 tabular-nums max-sm:order-4 max-sm:p-0 max-sm:text-xs">
                <span className="sm:hidden">余额 </span>¥{entry.balance_after}
              </td>
              <td role="cell" className="px-3 py-2 font-mono text-xs break-all text-neutral-600 max-sm:order-5 max-sm:col-span-2 max-sm:p-0">
                <span className="font-sans sm:hidden">单号 </span>
                {entry.ref_no}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
