import { useEffect, useRef, useState } from 'react';
import { isApiError } from '~/platform/client/errors';
import { FINGERPRINT_FAILED_MSG } from '~/platform/client/fingerprint';
import { routeByName } from '~/platform/config/routes';
import { isTerminalQrState, QR_INIT_FAILED_MSG, qrPollIntervalMs, qrStateAt, shouldRenewQr, type QrPlatform, type QrState } from '~/features/sign-in/rules/qr-login';
import { completeLogin } from '~/features/sign-in/session';
import { closeModal, showError } from '~/platform/stores/ui';
import { initQr, pollQr } from '~/features/sign-in/ui/qr-session';

/** spec §8 toasts of the scan login. */
export const NO_BOUND_PHONE_MSG = '当前账号未绑定手机号';
export const THIRD_PARTY_LOGIN_FAILED_MSG = '第三方登录失败';

export interface QrView {
  /** 'loading' until the first code of this platform arrives. */
  state: QrState | 'loading';
  image: string | null;
  scanUrl: string | null;
  /** Live WeChat login: the page to open in a new tab instead of showing our QR. */
  authorizeUrl: string | null;
}

/** spec §6: a confirmed identity without a bound phone binds one first. */
function goBind(tempToken: string): void {
  closeModal();
  showError(NO_BOUND_PHONE_MSG);
  window.location.assign(`${routeByName('bind').path}?temp_token=${encodeURIComponent(tempToken)}`);
}

/**
 * One platform's scan login (spec §4): fetch a code, poll it at the platform's interval, renew it
 * on expiry and after 60 s, sign in when it is confirmed. Polling pauses while the tab is hidden
 * and stops on unmount (the modal closing or another platform chosen).
 */
export function useQrLogin(platform: QrPlatform): { view: QrView; refresh(): void } {
  const [view, setView] = useState<QrView>({ state: 'loading', image: null, scanUrl: null, authorizeUrl: null });
  const refreshRef = useRef<() => void>(() => undefined);

  useEffect(() => {
    let disposed = false;
    let generation = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller = new AbortController();
    let code: { id: string; createdAt: number } | null = null;
    let state: QrState | 'loading' = 'loading';

    const setState = (next: QrState): void => {
      state = next;
      setView((prev) => ({ ...prev, state: next }));
    };
    const pause = (): void => {
      clearTimeout(timer);
      timer = undefined;
      controller.abort();
      controller = new AbortController();
    };
    const schedule = (): void => {
      if (!document.hidden) timer = setTimeout(() => void poll(), qrPollIntervalMs(platform));
    };

    async function start(): Promise<void> {
      pause();
      const mine = ++generation;
      code = null;
      // A renewal keeps the old code on screen (saying it is being refreshed) until the new one shows.
      if (state !== 'expired') {
        state = 'loading';
        setView({ state: 'loading', image: null, scanUrl: null, authorizeUrl: null });
      }
      try {
        const next = await initQr(platform);
        if (disposed || mine !== generation) return;
        code = { id: next.id, createdAt: Date.now() };
        state = 'waiting';
        setView({ state: 'waiting', image: next.image, scanUrl: next.scanUrl, authorizeUrl: next.authorizeUrl });
        schedule();
      } catch (error) {
        if (disposed || mine !== generation) return;
        setState('error');
        if (!isApiError(error)) console.error(error);
        showError(error instanceof Error && error.message === FINGERPRINT_FAILED_MSG ? FINGERPRINT_FAILED_MSG : QR_INIT_FAILED_MSG);
      }
    }

    async function poll(): Promise<void> {
      timer = undefined;
      const current = code;
      const { signal } = controller;
      if (!current) return;
      try {
        const result = await pollQr(platform, current.id, signal);
        if (disposed || signal.aborted || current !== code) return;
        if (result.tempToken) return goBind(result.tempToken);
        if (result.answer) {
          setState('logined');
          return completeLogin(result.answer);
        }
        let next = qrStateAt(result.state, current.createdAt, Date.now());
        if (next === 'logined') {
          // Confirmed but neither a token nor a temp_token came back.
          showError(THIRD_PARTY_LOGIN_FAILED_MSG);
          next = 'error';
        }
        setState(next);
        if (shouldRenewQr(next)) void start();
        else if (!isTerminalQrState(next)) schedule();
      } catch {
        // The client has shown why (or stayed silent for our own abort).
        if (!disposed && !signal.aborted && current === code) setState('error');
      }
    }

    const onVisibility = (): void => {
      if (document.hidden) return pause();
      if (state === 'loading' && code === null) return void start(); // init was cut off
      if (!code || state === 'loading' || isTerminalQrState(state)) return;
      if (shouldRenewQr(qrStateAt(state, code.createdAt, Date.now()))) {
        setState('expired');
        void start();
      } else schedule();
    };

    refreshRef.current = () => {
      state = 'loading';
      void start();
    };
    void start();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      disposed = true;
      pause();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [platform]);

  return { view, refresh: () => refreshRef.current() };
}
