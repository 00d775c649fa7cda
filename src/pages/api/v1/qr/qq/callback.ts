/**
 * GET /api/v1/qr/qq/callback?code&state — QQ Connect sends the browser back here
 * (docs/providers-sign-in.md); see ../_callback.ts. Register this exact URL as the QQ app's callback.
 */
import { allowOnly, headOf } from '~/platform/http/http';
import { thirdPartyCallback } from '~/pages/api/v1/qr/_callback';

export const GET = thirdPartyCallback('qq');

export const HEAD = headOf(GET);
export const ALL = allowOnly('GET');
