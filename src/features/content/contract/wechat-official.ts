/**
 * The wire contract of spec §7 "GET wechat official-account config | param page; data has qrcode
 * and text": GET common/wechatOfficialConfig?page=<one of OFFICIAL_ACCOUNT_PAGES>. The page names
 * are the route names of the screens that show the 关注公众号 prompt; any other page is a 400.
 */

/** Route names of the screens that carry the official-account prompt. */
export const OFFICIAL_ACCOUNT_PAGES = ['pay-result', 'order'] as const;
export type OfficialAccountPage = (typeof OFFICIAL_ACCOUNT_PAGES)[number];

export const MSG_OFFICIAL_ACCOUNT_PAGE = '页面参数无效';
export const MSG_OFFICIAL_ACCOUNT_CLOSED = '公众号关注未开启';

/** What the prompt links to and the QR modal shows. */
export interface OfficialAccountConfig {
  /** A data:image/svg+xml URL of the follow QR, rendered by the server (no outside host). */
  qrcode: string;
  /** The line under the code, for this page. */
  text: string;
}

export function isOfficialAccountPage(value: unknown): value is OfficialAccountPage {
  return typeof value === 'string' && (OFFICIAL_ACCOUNT_PAGES as readonly string[]).includes(value);
}
