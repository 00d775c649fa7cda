/**
 * WeChat open-platform website login (网站应用微信登录), by its published flow:
 * 1. the browser shows https://open.weixin.qq.com/connect/qrconnect?appid&redirect_uri
 *    &response_type=code&scope=snsapi_login&state#wechat_redirect, a page with WeChat's own QR;
 * 2. the user scans it with WeChat and agrees; WeChat sends that browser to redirect_uri?code&state
 *    (no code when the user refuses);
 * 3. GET https://api.weixin.qq.com/sns/oauth2/access_token?appid&secret&code
 *    &grant_type=authorization_code → { access_token, openid, unionid?, ... } or { errcode, errmsg }.
 * The open id is enough for us; /sns/userinfo (nickname, avatar) is not called, since the new
 * user's name is ours (微信用户xxxx) and the spec asks for nothing more.
 */
import { getJson, isUsableOpenId, ThirdPartyLoginRefusedError, type LiveLoginAdapter } from '~/platform/providers/oauth-login/port';

export interface WechatLoginOptions {
  appId: string;
  appSecret: string;
  /** https://open.weixin.qq.com in production. */
  openBaseUrl: string;
  /** https://api.weixin.qq.com in production. */
  apiBaseUrl: string;
  fetch?: typeof fetch;
}

export function createWechatLoginAdapter(options: WechatLoginOptions): LiveLoginAdapter {
  const doFetch = options.fetch ?? fetch;
  return {
    kind: 'live',
    provider: 'wechat',
    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        appid: options.appId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'snsapi_login',
        state,
      });
      return `${options.openBaseUrl}/connect/qrconnect?${query.toString()}#wechat_redirect`;
    },
    async exchangeCode({ code }) {
      const query = new URLSearchParams({ appid: options.appId, secret: options.appSecret, code, grant_type: 'authorization_code' });
      const answer = await getJson('wechat', `${options.apiBaseUrl}/sns/oauth2/access_token?${query.toString()}`, doFetch);
      if (answer['errcode'] !== undefined && answer['errcode'] !== 0) {
        throw new ThirdPartyLoginRefusedError('wechat', String(answer['errcode']));
      }
      if (!isUsableOpenId(answer['openid'])) throw new ThirdPartyLoginRefusedError('wechat', 'NO_OPENID');
      const unionId = answer['unionid'];
      return { openId: answer['openid'], ...(typeof unionId === 'string' && unionId ? { unionId } : {}) };
    },
  };
}
