/**
 * The console overview's date range ("The numbers"): whole Asia/Shanghai days from `from`
 * to `to`, both included, read from the address. Anything that is not a real date falls back to
 * the default (the last DASHBOARD_DEFAULT_DAYS days ending today); a reversed range is put in
 * order; a range longer than DASHBOARD_MAX_DAYS keeps its end and is cut, with a notice the page
 * shows, so a hand-edited address can never ask for years of rows.
 */
import { MS_PER_DAY } from '~/platform/config/constants';
import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS } from '~/features/console/constants';
import { formatShanghaiDate, shanghaiDayStart, shanghaiMidnight } from '~/platform/rules/shanghai-time';

export interface DashboardRange {
  /** First day, 'YYYY-MM-DD' (Shanghai). */
  from: string;
  /** Last day, included. */
  to: string;
  /** The instant the first day begins. */
  start: Date;
  /** The instant after the last day ends (exclusive bound). */
  end: Date;
  /** Every day of the range, in order. */
  days: string[];
  /** Why the range shown differs from the one asked for, if it does. */
  notice: string | null;
}

export const MSG_DASHBOARD_RANGE_CUT = `时间范围最长 ${DASHBOARD_MAX_DAYS} 天，已按结束日期截取`;
export const MSG_DASHBOARD_RANGE_INVALID = '日期格式应为 YYYY-MM-DD，已显示默认范围';

export function resolveDashboardRange(input: { from?: string; to?: string }, now: Date): DashboardRange {
  const today = shanghaiMidnight(now);
  let notice: string | null = null;
  const given = (text: string | undefined): Date | null | undefined => (text === undefined || text === '' ? undefined : shanghaiDayStart(text));
  let first = given(input.from);
  let last = given(input.to);
  if (first === null || last === null) {
    notice = MSG_DASHBOARD_RANGE_INVALID;
    first = undefined;
    last = undefined;
  }
  last ??= first && first.getTime() > today.getTime() ? first : today;
  first ??= new Date(last.getTime() - (DASHBOARD_DEFAULT_DAYS - 1) * MS_PER_DAY);
  if (first.getTime() > last.getTime()) [first, last] = [last, first];
  const span = Math.round((last.getTime() - first.getTime()) / MS_PER_DAY) + 1;
  if (span > DASHBOARD_MAX_DAYS) {
    first = new Date(last.getTime() - (DASHBOARD_MAX_DAYS - 1) * MS_PER_DAY);
    notice = MSG_DASHBOARD_RANGE_CUT;
  }
  const count = Math.round((last.getTime() - first.getTime()) / MS_PER_DAY) + 1;
  const days = Array.from({ length: count }, (_, i) => formatShanghaiDate(new Date(first.getTime() + i * MS_PER_DAY)));
  return { from: days[0]!, to: days[days.length - 1]!, start: first, end: new Date(last.getTime() + MS_PER_DAY), days, notice };
}
