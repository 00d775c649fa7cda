/**
 * The signed-in user's usable red envelopes (spec §4 "logging in also loads the available red
 * envelopes", §7 "GET my red packets", §8 toast 获取红包列表失败). completeLogin loads them; the
 * new-user popup (RedPacketModal) reads them. The list follows the session: it is dropped whenever
 * $auth's token changes or goes away, so auth.ts's logout() stays free of API imports (it is on
 * every page) and one user's envelopes are never shown to the next.
 */
import { atom } from 'nanostores';
import { call } from '~/platform/client/client';
import { WALLET_ROUTES } from '~/features/wallet/routes';
import { ApiError } from '~/platform/client/errors';
import { RED_PACKET_STATUS } from '~/platform/config/constants';
import { RED_PACKET_PAGE_SIZE } from '~/features/wallet/constants';
import type { RedPacket } from '~/features/wallet/contract/red-packets';
import { $auth, currentToken } from '~/platform/stores/auth';
import { showError } from '~/platform/stores/ui';

/** spec §8 toast when the list cannot be loaded. */
export const RED_PACKETS_LOAD_FAILED_MSG = '获取红包列表失败';

export type { RedPacket, RedPacketCouponInfo, RedPacketPage, RedPacketStatus } from '~/features/wallet/contract/red-packets';

/** spec §7: exactly the parameters of "GET my red packets" (usable ones, first page of 100). */
export const USABLE_RED_PACKETS_QUERY = { status: RED_PACKET_STATUS.unused, canUse: '1', page: 1, page_size: RED_PACKET_PAGE_SIZE } as const;

/** The usable envelopes, soonest to expire first; null before loading (or after a failure). */
export const $redPackets = atom<RedPacket[] | null>(null);

let inFlight: { token: string; promise: Promise<RedPacket[] | null> } | null = null;

/**
 * Loads the usable envelopes into $redPackets and answers them; null (store untouched) when no
 * one is signed in, when the call fails (toast 获取红包列表失败) or when the session changed while
 * it ran. Concurrent calls for one session share one request.
 */
export function loadRedPackets(): Promise<RedPacket[] | null> {
  const token = currentToken();
  if (token === null) return Promise.resolve(null);
  if (inFlight?.token === token) return inFlight.promise;
  const promise = call(WALLET_ROUTES.redPackets, { ...USABLE_RED_PACKETS_QUERY })
    .then((page): RedPacket[] | null => {
      // Signed out or switched account meanwhile: this list belongs to nobody on screen now.
      if (currentToken() !== token) return null;
      $redPackets.set(page.list);
      return page.list;
    })
    .catch((error: unknown): null => {
      if (!(error instanceof ApiError && error.cancelled)) showError(RED_PACKETS_LOAD_FAILED_MSG);
      return null;
    })
    .finally(() => {
      if (inFlight?.promise === promise) inFlight = null;
    });
  inFlight = { token, promise };
  return promise;
}

export function clearRedPackets(): void {
  $redPackets.set(null);
}

// The list belongs to one session: drop it when the token changes (sign-out, expiry, another login).
let sessionToken = $auth.get().token?.token ?? null;
$auth.listen((auth) => {
  const token = auth.token?.token ?? null;
  if (token === sessionToken) return;
  sessionToken = token;
  clearRedPackets();
});
