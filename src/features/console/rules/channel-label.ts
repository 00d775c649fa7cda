/**
 * The 渠道 report's row names. A visit's channel comes from the address (?a, ?sourceid, …), so
 * anyone can send any text; the report shows only values shaped like a channel code (letters,
 * digits, `_ . -`, starting with a letter or digit, at most 32) and counts everything else as one
 * row 其他, so no made-up text (markup, a sentence, 500 characters) becomes a line of the report.
 */
export const OTHER_CHANNEL = '其他';

const CHANNEL_CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$/;

export function channelLabel(raw: string): string {
  return CHANNEL_CODE.test(raw) ? raw : OTHER_CHANNEL;
}
