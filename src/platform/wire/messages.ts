/**
 * Plain texts of the wire contract that the browser needs on every page. No zod here: a module
 * defining schemas runs them at import (not tree-shaken), which put the whole schema library into
 * every island's chunks (JavaScript budget).
 */

/** Texts the client shows for transport failures (spec §8). */
export const API_MESSAGES = {
  /** spec §8: a 401 on a request without `pending` while user info is present */
  unauthorized: '未登录或登录状态已过期,请重新登录',
  /** spec §8: HTTP 502 */
  serverError: '服务器出错',
  /** our text for the §7 30 s timeout */
  timeout: '请求超时，请稍后重试',
  /** ours: no response at all (offline, DNS, refused connection) */
  network: '网络连接失败，请检查网络后重试',
  /** ours: a 2xx body that is not the {code, msg, data} envelope */
  badEnvelope: '服务器返回的数据格式有误',
  /** ours: not shown (cancellation is silent); kept on the error for logs */
  cancelled: '请求已取消',
} as const;

/** Spec §8: the debounce button's failure toast, and what any form says of a failure that is not the server's refusal. */
export const DEBOUNCE_FAILURE_TEXT = '操作失败，请重试！';
