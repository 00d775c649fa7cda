import type { ReactNode } from 'react';
import type { LedgerEntry } from '~/features/wallet/client/money';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

/** Income green, spending red (the wallet's sign convention on every screen). */
export function ledgerAmountClass(entry: Pick<LedgerEntry, 'amount_fen'>): string {
  return entry.amount_fen < 0 ? 'text-primary' : 'text-emerald-700';
}

/**
 * Balance changes as a table: 时间, 类型, 金额, 余额, 单号. Below the small breakpoint it is a
 * .card-table (styles/global.css): each row is a card with 类型 and 金额 first, then 时间 and 余额,
 * then 单号, so a 390 px phone sees every figure without scrolling sideways (issue 28: the amount,
 * balance and order number were out of sight past 608 px). One table in the page either way.
 */
export function LedgerTable({ rows, caption }: { rows: readonly LedgerEntry[]; caption: string }): ReactNode {
  return (
    <div className="sm:overflow-x-auto">
      <table role="table" className="card-table w-full text-left text-sm sm:min-w-[36rem]">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-neutral-50 text-neutral-600">
          <tr role="row">
            <th role="columnheader" scope="col" className="px-3 py-2 font-normal">时间</th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-normal">类型</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-normal">金额</th>
            <th role="columnheader" scope="col" className="px-3 py-2 text-right font-normal">余额</th>
            <th role="columnheader" scope="col" className="px-3 py-2 font-normal">单号</th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-neutral-100">
          {rows.map((entry) => (
            <tr role="row" key={entry.id} data-ledger-id={entry.id}>
              <td role="cell" data-card="small" className="px-3 py-2 whitespace-nowrap text-neutral-600 tabular-nums">{formatShanghaiIso(entry.created_at)}</td>
              <td role="cell" data-card="lead" className="px-3 py-2 text-neutral-900">{entry.kind_text}</td>
              <td role="cell" data-card="lead end" className={`px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums ${ledgerAmountClass(entry)}`} data-amount-fen={entry.amount_fen}>
                {entry.amount}
              </td>
              <td role="cell" data-card="end small" data-label="余额" className="px-3 py-2 text-right whitespace-nowrap text-neutral-700 tabular-nums">
                ¥{entry.balance_after}
              </td>
              <td role="cell" data-card="wide small" data-label="单号" className="px-3 py-2 font-mono text-xs break-all text-neutral-600">
                {entry.ref_no}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
