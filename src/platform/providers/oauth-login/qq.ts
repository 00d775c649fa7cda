/**
 * QQ Connect website login (QQ互联 网站应用), by its published OAuth2 flow:
 * 1. the browser (or the phone, through the QR) opens https://graph.qq.com/oauth2.0/authorize
 *    ?response_type=code&client_id&redirect_uri&state;
 * 2. after the user agrees, QQ sends that browser to redirect_uri?code&state;
 * 3. GET /oauth2.0/token?grant_type=authorization_code&client_id&client_secret&code&redirect_uri
 *    &fmt=json → { access_token, ... } or { error, error_description };
 * 4. GET /oauth2.0/me?access_token&fmt=json → { client_id, openid } or { error, ... }.
 * The me answer must name our own app id: a token minted for another app is refused.
 */
import { getJson, isUsableOpenId, ThirdPartyLoginRefusedError, type LiveLoginAdapter } from '~/platform/providers/oauth-login/port';

export interface QqLoginOptions {
  appId: string;
  appKey: string;
  /** https://graph.qq.com in production. */
  baseUrl: string;
  fetch?: typeof fetch;
}

function refusalOf(answer: Record<string, unknown>): ThirdPartyLoginRefusedError | null {
  const error = answer['error'];
  return error !== undefined && error !== 0 ? new ThirdPartyLoginRefusedError('qq', String(error)) : null;
}

export function createQqLoginAdapter(options: QqLoginOptions): LiveLoginAdapter {
  const doFetch = options.fetch ?? fetch;
  return {
    kind: 'live',
    provider: 'qq',
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({ response_type: 'code', client_id: options.appId, redirect_uri: redirectUri, state });
      return `${options.baseUrl}/oauth2.0/authorize?${query.toString()}`;
    },
    async exchangeCode({ code, redirectUri }) {
      const tokenQuery = new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: options.appId,
        client_secret: options.appKey,
        code,
        redirect_uri: redirectUri,
        fmt: 'json',
      });
      const token = await getJson('qq', `${options.baseUrl}/oauth2.0/token?${tokenQuery.toString()}`, doFetch);
      const tokenRefusal = refusalOf(token);
      if (tokenRefusal) throw tokenRefusal;
      const accessToken = token['access_token'];
      if (typeof accessToken !== 'string' || !accessToken) throw new ThirdPartyLoginRefusedError('qq', 'NO_ACCESS_TOKEN');

      const meQuery = new URLSearchParams({ access_token: accessToken, fmt: 'json' });
      const me = await getJson('qq', `${options.baseUrl}/oauth2.0/me?${meQuery.toString()}`, doFetch);
      const meRefusal = refusalOf(me);
      if (meRefusal) throw meRefusal;
      if (me['client_id'] !== options.appId) throw new ThirdPartyLoginRefusedError('qq', 'CLIENT_ID_MISMATCH');
      if (!isUsableOpenId(me['openid'])) throw new ThirdPartyLoginRefusedError('qq', 'NO_OPENID');
      return { openId: me['openid'] };
    },
  };
}
