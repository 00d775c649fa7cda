/**
 * spec §3 local storage key pendingReportData: report records a page saved when it stayed hidden
 * too long (report-timer.ts), sent as one user-activity batch (spec §7) on the next load. The
 * stored value is a JSON array of records; anything else is a format error (spec §8 toast
 * 暂存存储格式错误) and is dropped.
 */
export const PENDING_REPORT_KEY = 'pendingReportData';
/** spec §8 toast for a malformed stored queue. */
export const MSG_PENDING_FORMAT_ERROR = '暂存存储格式错误';
/** The collector takes at most this many records per batch (server ACTIVITY_BATCH_MAX); older ones go first. */
export const PENDING_REPORT_MAX = 20;

/** spec §3 Report record, plus where and in which visit (path, sessionId) for our collector. */
export interface ReportRecord {
  kind: 'activity';
  /** Route name; absent on a page without one. */
  name?: string;
  title: string;
  /** Seconds spent on the page when the record was made. */
  time: number;
  pageTools: { action: string; value?: Record<string, unknown> };
  userId: number | null;
  sem: string | null;
  prevPage: string | null;
  agent: string;
  path: string;
  sessionId?: string;
}

export type PendingRead = { ok: true; records: ReportRecord[] } | { ok: false };

const isRecord = (v: unknown): v is ReportRecord => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  return (
    typeof r.path === 'string' &&
    r.path.startsWith('/') &&
    typeof r.time === 'number' &&
    Number.isFinite(r.time) &&
    typeof r.pageTools === 'object' &&
    r.pageTools !== null &&
    typeof (r.pageTools as { action?: unknown }).action === 'string'
  );
};

/** Reads the stored value: absent → no records; not a JSON array of report records → format error. */
export function parsePendingReports(raw: string | null): PendingRead {
  if (raw === null || raw === '') return { ok: true, records: [] };
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false };
  }
  if (!Array.isArray(value) || !value.every(isRecord)) return { ok: false };
  return { ok: true, records: value.map((r) => ({ ...r, kind: 'activity' as const })) };
}

/** The stored value with `record` added (the newest PENDING_REPORT_MAX kept); a malformed old value is replaced. */
export function appendPendingReport(raw: string | null, record: ReportRecord): string {
  const read = parsePendingReports(raw);
  const records = read.ok ? read.records : [];
  return JSON.stringify([...records, record].slice(-PENDING_REPORT_MAX));
}

/** The stored value without `record` (the page came back or exited, so it is sent another way). */
export function removePendingReport(raw: string | null, record: ReportRecord): string | null {
  const read = parsePendingReports(raw);
  if (!read.ok) return raw;
  const same = JSON.stringify(record);
  const left = read.records.filter((r) => JSON.stringify(r) !== same);
  return left.length > 0 ? JSON.stringify(left) : null;
}
