/**
 * GET /api/v1/qr/wechat/callback?code&state — WeChat website login sends the browser back here
 * (docs/providers-sign-in.md); see ../_callback.ts. Register this URL's host with WeChat.
 */
import { allowOnly, headOf } from '~/platform/http/http';
import { thirdPartyCallback } from '~/pages/api/v1/qr/_callback';

export const GET = thirdPartyCallback('wechat');

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
