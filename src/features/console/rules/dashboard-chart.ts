/**
 * Chart arithmetic of the console overview: round axis tops and short numbers, pure so
 * the server-rendered SVG charts stay plain markup.
 */
import { fenToYuan } from '~/platform/rules/money';

/** The smallest 1, 2, 2.5 or 5 × 10^k at or above `value` (1 for nothing), so ticks fall on round numbers. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (step * power >= value) return step * power;
  return 10 * power;
}

/** 12345 → "1.2万", 120000000 → "1.2亿", 950 → "950" (axis labels and KPI cards). */
export function compactCount(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e8) return `${trim(value / 1e8)}亿`;
  if (abs >= 1e4) return `${trim(value / 1e4)}万`;
  return String(Math.round(value * 100) / 100);
}

/** Fen as yuan with the unit: 123456 → "¥1,234.56". */
export function yuanText(fen: number): string {
  const [whole, fraction] = fenToYuan(fen).split('.');
  return `¥${Number(whole).toLocaleString('en-US')}.${fraction}`;
}

/** A share as a percentage with one decimal: 0.1234 → "12.3%". */
export function percentText(share: number): string {
  return `${(Math.round(share * 1000) / 10).toFixed(1)}%`;
}

function trim(value: number): string {
  return (Math.round(value * 10) / 10).toString();
}

/** An axis day label ('MM-DD' at 11 px) and the gap it keeps from the next, in chart units. */
export const DAY_LABEL_WIDTH = 42;

/**
 * Which days of a per-day chart get a label on the date axis: as many as fit `plotWidth` without
 * touching (each takes `labelWidth`), evenly spaced and counted back from the newest day, so the
 * last day is always named and a phone's narrow chart shows fewer labels rather than overlapping ones.
 */
export function labelledDays(dayCount: number, plotWidth: number, labelWidth: number = DAY_LABEL_WIDTH): number[] {
  if (dayCount <= 0) return [];
  const fit = Math.max(1, Math.floor(plotWidth / labelWidth));
  const every = Math.ceil(dayCount / fit);
  const out: number[] = [];
  for (let i = dayCount - 1; i >= 0; i -= every) out.unshift(i);
  return out;
}
