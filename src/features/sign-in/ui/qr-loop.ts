/**
 * One platform's scan login (spec §4), without a framework: fetch a code, poll it at the
 * platform's interval, renew it on expiry and after 60 s, sign in when it is confirmed. Polling
 * pauses while the browser tab is hidden and ends with `stop` (the dialog closing or another
 * platform or login mode chosen). `onView` hears every change of what the panel shows.
 */
import { isApiError } from '~/platform/client/errors';
import { FINGERPRINT_FAILED_MSG } from '~/platform/client/fingerprint';
import { routeByName } from '~/platform/config/routes';
import { isTerminalQrState, QR_INIT_FAILED_MSG, qrPollIntervalMs, qrStateAt, shouldRenewQr, type QrPlatform, type QrState } from '~/features/sign-in/rules/qr-login';
import { completeLogin } from '~/features/sign-in/session';
import { closeModal, showError } from '~/platform/stores/ui';
import { initQr, pollQr, QrSignInError } from '~/features/sign-in/ui/qr-session';

/** spec §8 toasts of the scan login. */
export const NO_BOUND_PHONE_MSG = '当前账号未绑定手机号';

export interface QrView {
  /** 'loading' until the first code of this platform arrives. */
  state: QrState | 'loading';
  image: string | null;
  scanUrl: string | null;
  /** Live WeChat login: the page to open in a new tab instead of showing our QR. */
  authorizeUrl: string | null;
}

export interface QrLoop {
  /** Fetches a new code (the refresh button after a cancel or an error). */
  refresh(): void;
  stop(): void;
}

/** spec §6: a confirmed identity without a bound phone binds one first. */
function goBind(tempToken: string): void {
  closeModal();
  showError(NO_BOUND_PHONE_MSG);
  window.location.assign(`${routeByName('bind').path}?temp_token=${encodeURIComponent(tempToken)}`);
}

export function startQrLogin(platform: QrPlatform, onView: (view: QrView) => void): QrLoop {
  let view: QrView = { state: 'loading', image: null, scanUrl: null, authorizeUrl: null };
  let disposed = false;
  let generation = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let controller = new AbortController();
  let code: { id: string; createdAt: number } | null = null;
  let state: QrState | 'loading' = 'loading';

  const show = (next: QrView): void => {
    view = next;
    if (!disposed) onView(view);
  };
  const setState = (next: QrState): void => {
    state = next;
    show({ ...view, state: next });
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
      show({ state: 'loading', image: null, scanUrl: null, authorizeUrl: null });
    }
    try {
      const next = await initQr(platform);
      if (disposed || mine !== generation) return;
      code = { id: next.id, createdAt: Date.now() };
      state = 'waiting';
      show({ state: 'waiting', image: next.image, scanUrl: next.scanUrl, authorizeUrl: next.authorizeUrl });
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
      const next = qrStateAt(result.state, current.createdAt, Date.now());
      setState(next);
      if (shouldRenewQr(next)) void start();
      else if (!isTerminalQrState(next)) schedule();
    } catch (error) {
      // The client has shown why (or stayed silent for our own abort); a confirmed code that
      // signed nobody in says spec §8's words.
      if (disposed || signal.aborted || current !== code) return;
      if (error instanceof QrSignInError) showError(error.message);
      setState('error');
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

  void start();
  document.addEventListener('visibilitychange', onVisibility);
  return {
    refresh: () => {
      state = 'loading';
      void start();
    },
    stop: () => {
      disposed = true;
      pause();
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}
