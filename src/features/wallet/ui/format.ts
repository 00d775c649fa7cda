import { formatShanghaiDateTime } from '~/platform/rules/shanghai-time';

/** The API's ISO time as 'YYYY-MM-DD HH:mm' in Shanghai time; '—' for none, the raw text if unreadable. */
export function formatTime(iso: string | null): string {
  if (iso === null || iso === '') return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : formatShanghaiDateTime(date);
}

/** Like formatTime, the day only: 'YYYY-MM-DD'. */
export function formatDay(iso: string | null): string {
  const text = formatTime(iso);
  return /^\d{4}-\d{2}-\d{2} /.test(text) ? text.slice(0, 10) : text;
}
