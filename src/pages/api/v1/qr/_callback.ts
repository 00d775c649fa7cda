/**
 * The shared shape of GET /api/v1/qr/<wechat|qq>/callback?code&state (docs/providers-sign-in.md):
 * the live provider sends the user's browser here after the authorisation page. The service
 * confirms the QR session named by `state`; the creating browser's polling then signs in.
 *
 * A person lands on this URL, not a script, so the answer is a tiny HTML page (the outcome in
 * words, with the honest status), not the JSON envelope. The URL carries a one-time code and our
 * state: no-referrer and no-store keep them out of other sites' logs and caches. (The leading
 * underscore keeps Astro from routing this file.)
 */
import type { APIRoute } from 'astro';
import { QR_SCAN_RESULT_TEXT, THIRD_PARTY_LOGIN_FAILED_MSG } from '~/features/sign-in/rules/qr-login';
import type { ThirdPartyProvider } from '~/features/sign-in/contract';
import { isAppError, MSG_SERVER_BUSY } from '~/platform/http/errors';
import { handle, readQuery } from '~/platform/http/http';
import { log, serializeError } from '~/platform/config/log';
import { completeThirdPartyCallback, thirdPartyCallbackUrl } from '~/features/sign-in/server';
import { thirdPartyCallbackQuerySchema } from '~/features/sign-in/wire';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Seconds the failure page shows before it goes home (spec §8 "第三方登录失败 (then go home)"). */
export const THIRD_PARTY_FAILURE_HOME_DELAY_S = 3;

/**
 * A refusal says spec §8's 第三方登录失败 with the reason under it, then goes home: a meta refresh
 * (no script, so the CSP has nothing to allow) and a link for whoever is quicker.
 */
function page(status: number, text: string): Response {
  const failed = status >= 400;
  const head = failed ? `<meta http-equiv="refresh" content="${THIRD_PARTY_FAILURE_HOME_DELAY_S};url=/">` : '';
  const body = failed
    ? `<p role="alert" style="font-weight:bold">${THIRD_PARTY_LOGIN_FAILED_MSG}</p><p>${escapeHtml(text)}</p><p><a href="/">返回首页</a>（${THIRD_PARTY_FAILURE_HOME_DELAY_S}秒后自动返回）</p>`
    : `<p role="status">${escapeHtml(text)}</p>`;
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">${head}<title>扫码授权</title></head><body style="font-family:sans-serif;text-align:center;padding:3rem 1rem"><h1 style="font-size:1.25rem">扫码授权</h1>${body}</body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' },
  });
}

export function thirdPartyCallback(provider: ThirdPartyProvider): APIRoute {
  return handle(async ({ url, db, requestId }) => {
    try {
      const { code, state } = await readQuery(url, thirdPartyCallbackQuerySchema);
      const result = await completeThirdPartyCallback(
        db,
        { provider, code: code ?? null, state, redirectUri: thirdPartyCallbackUrl(url.origin, provider) },
        new Date(),
      );
      return page(200, result.state === 'logined' ? QR_SCAN_RESULT_TEXT.confirmed : QR_SCAN_RESULT_TEXT.cancelled);
    } catch (error) {
      if (isAppError(error) && error.httpStatus < 500) return page(error.httpStatus, error.message);
      log.error('third-party login callback failed', { requestId, provider, err: serializeError(error) });
      return page(500, MSG_SERVER_BUSY);
    }
  });
}
