/**
 * Each listing's own record (issue 26): 上号成功率, 投诉率, the owner's median reply time and the
 * number of rentals, from the counts kept in listing_stats (server/listing-record.ts keeps them).
 * Pure: the server passes the counts in, the pages get the figures out.
 *
 * Rounding leans towards the renter: the success rate rounds down and the complaint rate rounds
 * up, so 199 good rentals out of 200 never reads 100% and one complaint in 300 never reads 0%.
 */
import { LISTING_RECORD_MIN_RENTALS, LISTING_REPLY_SECONDS_KEPT } from '~/features/catalog/constants';

/** The counts one listing_stats row (or the sum over a shop's rows) holds. */
export interface RecordCounts {
  rentals: number;
  complainedRentals: number;
  loginFailures: number;
  medianReplySeconds: number | null;
}

/** What a card, the detail page and the shop page show (the contract's ListingRecord has this shape). */
export interface ListingRecordFigures {
  rentals: number;
  /** Fewer than LISTING_RECORD_MIN_RENTALS rentals: the rates are null (新上架，暂无记录). */
  is_new: boolean;
  success_rate: number | null;
  complaint_rate: number | null;
  median_reply_seconds: number | null;
}

function clampCount(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.trunc(value) : 0;
}

/** Rentals without a login failure over rentals, in whole percent rounded down; null without rentals. */
export function successRatePercent(rentals: number, loginFailures: number): number | null {
  const total = clampCount(rentals);
  if (total === 0) return null;
  const good = Math.max(0, total - Math.min(total, clampCount(loginFailures)));
  return Math.floor((good * 100) / total);
}

/** Rentals with a complaint over rentals, in whole percent rounded up; null without rentals. */
export function complaintRatePercent(rentals: number, complainedRentals: number): number | null {
  const total = clampCount(rentals);
  if (total === 0) return null;
  return Math.ceil((Math.min(total, clampCount(complainedRentals)) * 100) / total);
}

/**
 * The median of whole seconds, rounded half up (the mean of the two middle values for an even
 * count, as PostgreSQL's percentile_cont(0.5) does in the backfill); null for none.
 */
export function medianSeconds(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return Math.round(median);
}

/**
 * The kept reply times with a new one added (oldest dropped past `kept`). Negative times (a clock
 * step) count as 0: an answer cannot come before the complaint.
 */
export function withReplySeconds(kept: readonly number[], seconds: number, keep = LISTING_REPLY_SECONDS_KEPT): number[] {
  const next = [...kept, Math.max(0, Math.round(seconds))];
  return next.length > keep ? next.slice(next.length - keep) : next;
}

export function recordFigures(counts: RecordCounts): ListingRecordFigures {
  const rentals = clampCount(counts.rentals);
  const isNew = rentals < LISTING_RECORD_MIN_RENTALS;
  return {
    rentals,
    is_new: isNew,
    success_rate: isNew ? null : successRatePercent(rentals, counts.loginFailures),
    complaint_rate: isNew ? null : complaintRatePercent(rentals, counts.complainedRentals),
    // Reply times are about the owner, not the listing's age: shown whenever there is one.
    median_reply_seconds: counts.medianReplySeconds,
  };
}

/** A reply time in words: 45秒, 12分钟, 3小时20分, 2天. */
export function replyDurationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}秒`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes}分钟`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0 ? `${hours}小时` : `${hours}小时${rest}分`;
  }
  return `${Math.round(hours / 24)}天`;
}

/**
 * The card's compact record, in parts that may wrap on a narrow card: ['上号成功率 98%', '出租 132次'];
 * null for a listing without a record.
 */
export function recordCardParts(record: ListingRecordFigures): [string, string] | null {
  if (record.is_new || record.success_rate === null) return null;
  return [`上号成功率 ${record.success_rate}%`, `出租 ${record.rentals}次`];
}

/** The card's compact line: 上号成功率 98% · 出租 132次. */
export function recordCardLine(record: ListingRecordFigures): string | null {
  return recordCardParts(record)?.join(' · ') ?? null;
}
