/**
 * Deposit label, spec §9: 无押金 when the deposit is 0, else 押金N元 with N in yuan without
 * trailing zeros (押金50元, 押金12.5元, 押金0.05元). The deposit is never discounted (quote.ts).
 */
import { fenToYuanShort } from '~/platform/rules/money';

export function depositLabel(depositFen: number): string {
  if (!Number.isSafeInteger(depositFen) || depositFen < 0) throw new RangeError(`押金无效: ${depositFen}`);
  return depositFen === 0 ? '无押金' : `押金${fenToYuanShort(depositFen)}元`;
}
