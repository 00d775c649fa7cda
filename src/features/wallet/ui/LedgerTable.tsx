import type { ReactNode } from 'react';
import type { LedgerEntry } from '~/features/wallet/client/money';
import { formatShanghaiIso } from '~/platform/rules/shanghai-time';

/** Income green, spending red (the wallet's sign convention on every screen). */
export function ledgerAmountClass(entry: Pick<LedgerEntry, 'amount_fen'>): string {
  return entry.amount_fen < 0 ? 'text-primary' : 'text-emerald-700';
}

/** Balance changes as a table: 时间, 类型, 金额, 余额, 单号. */
export function LedgerTable({ rows, caption }: { rows: readonly LedgerEntry[]; caption: string }): ReactNode {
  return (
    <div className="overflow-x-auto">
      <table className="w-full min-w-[36rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-neutral-50 text-neutral-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-normal">时间</th>
            <th scope="col" className="px-3 py-2 font-normal">类型</th>
            <th scope="col" className="px-3 py-2 text-right font-normal">金额</th>
            <th scope="col" className="px-3 py-2 text-right font-normal">余额</th>
            <th scope="col" className="px-3 py-2 font-normal">单号</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {rows.map((entry) => (
            <tr key={entry.id} data-ledger-id={entry.id}>
              <td className="px-3 py-2 whitespace-nowrap text-neutral-600 tabular-nums">{formatShanghaiIso(entry.created_at)}</td>
              <td className="px-3 py-2 text-neutral-900">{entry.kind_text}</td>
              <td className={`px-3 py-2 text-right font-medium whitespace-nowrap tabular-nums ${ledgerAmountClass(entry)}`} data-amount-fen={entry.amount_fen}>
                {entry.amount}
              </td>
              <td className="px-3 py-2 text-right whitespace-nowrap text-neutral-700 tabular-nums">¥{entry.balance_after}</td>
              <td className="px-3 py-2 font-mono text-xs break-all text-neutral-600">{entry.ref_no}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
