/**
 * spec §4 scan mode without a framework: WeChat, QQ or our app. The caller mounts it only while
 * its tab shows (stop() ends the polling), as the React dialog did.
 */
import type { QrPlatform, QrState } from '~/features/sign-in/rules/qr-login';
import { focusRing } from '~/platform/ui/focus-ring';
import { startQrLogin, type QrLoop, type QrView } from '~/features/sign-in/ui/qr-loop';
import { h, spinner } from '~/features/sign-in/ui/plain/dom';

export const SCAN_PLATFORMS: ReadonlyArray<{ platform: QrPlatform; label: string; app: string }> = [
  { platform: 'wechat', label: '微信', app: '微信' },
  { platform: 'qq', label: 'QQ', app: 'QQ' },
  { platform: 'app', label: 'App扫码', app: 'App' },
];

/** What each spec §4 QR state says under the code. */
export function qrStatusText(platform: QrPlatform, state: QrState | 'loading'): string {
  const app = SCAN_PLATFORMS.find((item) => item.platform === platform)?.app ?? '';
  const texts: Record<QrState | 'loading', string> = {
    loading: '二维码加载中…',
    waiting: `请使用${app}扫码`,
    scanned: '已扫码，请在手机上确认',
    granting: '正在授权，请稍候',
    logined: '登录成功',
    cancelled: '已取消，点击刷新',
    expired: '二维码已过期，正在刷新',
    error: '二维码加载失败，点击刷新',
  };
  return texts[state];
}

const QR_SIZE_PX = 180;

/** The text of the button that opens WeChat's own login page (live WeChat login). */
export const OPEN_WECHAT_LOGIN_TEXT = '打开微信扫码登录';

/**
 * Opens the provider's login page in a new tab. `noopener`: the page gets no handle on ours; this
 * tab keeps polling and signs in once the provider's callback confirms the session.
 */
export function openAuthorizePage(url: string, open: (url: string, target: string, features: string) => unknown = (...args) => window.open(...args)): void {
  open(url, '_blank', 'noopener');
}

/** One platform's code and its state line; with live WeChat login a button to WeChat's page instead of our QR. */
export function qrBox(platform: QrPlatform, view: QrView, onRefresh: () => void): HTMLDivElement {
  const text = qrStatusText(platform, view.state);
  const canRefresh = view.state === 'cancelled' || view.state === 'error';
  const dimmed = view.state !== 'waiting' && view.state !== 'loading';
  // WeChat's qrconnect page cannot be opened inside WeChat, so our QR of it would only mislead.
  const authorizeUrl = view.authorizeUrl;
  const frameClass = 'flex items-center justify-center rounded border border-gray-200 bg-white';
  const frameStyle = `width: ${QR_SIZE_PX + 16}px; height: ${QR_SIZE_PX + 16}px`;

  const picture: Element | null =
    view.image && authorizeUrl === null
      ? h('img', {
          src: view.image,
          alt: `${SCAN_PLATFORMS.find((p) => p.platform === platform)?.label}登录二维码`,
          width: QR_SIZE_PX,
          height: QR_SIZE_PX,
          class: dimmed ? 'opacity-20' : null,
        })
      : view.state === 'loading'
        ? spinner('h-6 w-6')
        : null;

  let frame: HTMLElement;
  if (canRefresh) {
    frame = h('button', { type: 'button', 'aria-label': `刷新二维码：${text}`, class: frameClass, style: frameStyle }, [
      picture ?? h('span', { class: 'text-3xl text-gray-400', 'aria-hidden': 'true' }, ['↻']),
    ]);
    frame.addEventListener('click', onRefresh);
  } else if (authorizeUrl !== null && view.state !== 'loading') {
    const open = h('button', { type: 'button', disabled: dimmed, class: `rounded-full bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-50 ${focusRing}` }, [OPEN_WECHAT_LOGIN_TEXT]);
    open.addEventListener('click', () => openAuthorizePage(authorizeUrl));
    frame = h('div', { class: frameClass, style: frameStyle }, [open]);
  } else {
    frame = h('div', { class: frameClass, style: frameStyle }, [picture]);
  }

  return h('div', { class: 'flex flex-col items-center gap-2' }, [
    frame,
    h('p', { role: 'status', 'aria-live': 'polite', class: `text-sm ${canRefresh ? 'text-primary' : 'text-gray-600'}` }, [text]),
    // Sandbox only (the server sends the link outside production): the page the QR encodes.
    view.scanUrl ? h('a', { href: view.scanUrl, target: '_blank', rel: 'noopener noreferrer', class: 'text-xs text-gray-500 underline hover:text-primary' }, ['打开模拟扫码页']) : null,
  ]);
}

/** The scan panel: the three ways, WeChat first, and the chosen one's code. */
export function scanPanel(): { element: HTMLDivElement; stop(): void } {
  let loop: QrLoop | null = null;
  const boxSlot = h('div');
  const buttons = SCAN_PLATFORMS.map((item) => {
    const button = h('button', { type: 'button' }, [item.label]);
    button.addEventListener('click', () => choose(item.platform));
    return { platform: item.platform, button };
  });

  function choose(platform: QrPlatform): void {
    for (const { platform: own, button } of buttons) {
      const pressed = own === platform;
      button.setAttribute('aria-pressed', String(pressed));
      button.className = `rounded px-4 py-1.5 text-sm ${pressed ? 'bg-primary text-white' : 'text-gray-600 hover:text-gray-900'}`;
    }
    loop?.stop();
    const render = (view: QrView): void => boxSlot.replaceChildren(qrBox(platform, view, () => loop?.refresh()));
    render({ state: 'loading', image: null, scanUrl: null, authorizeUrl: null });
    loop = startQrLogin(platform, render);
  }

  const element = h('div', { class: 'flex flex-col items-center gap-4' }, [
    h('div', { role: 'group', 'aria-label': '扫码方式', class: 'inline-flex rounded border border-gray-200 p-0.5' }, buttons.map((item) => item.button)),
    boxSlot,
  ]);
  choose('wechat');
  return { element, stop: () => loop?.stop() };
}
