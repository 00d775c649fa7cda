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
import { QR_SCAN_RESULT_TEXT } from '~/features/sign-in/rules/qr-login';
import type { ThirdPartyProvider } from '~/features/sign-in/contract';
import { isAppError, MSG_SERVER_BUSY } from '~/platform/http/errors';
import { handle, readQuery } from '~/platform/http/http';
import { log, serializeError } from '~/platform/config/log';
import { completeThirdPartyCallback, thirdPartyCallbackUrl } from '~/features/sign-in/server';
import { thirdPartyCallbackQuerySchema } from '~/features/sign-in/wire';

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(status: number, text: string): Response {
  const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>扫码授权</title></head><body style="font-family:sans-serif;text-align:center;padding:3rem 1rem"><h1 style="font-size:1.25rem">扫码授权</h1><p role="status">${escapeHtml(text)}</p></body></html>`;
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
