import { useState, type ReactNode } from 'react';
import type { QrPlatform, QrState } from '~/features/sign-in/rules/qr-login';
import { Spinner } from '~/platform/ui/Spinner';
import { focusRing } from '~/platform/ui/focus-ring';
import { useQrLogin, type QrView } from '~/features/sign-in/ui/use-qr-login';

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

/** spec §4 scan mode: WeChat, QQ or our app. Mounted only while its tab shows, so it polls only then. */
export function ScanPanel(): ReactNode {
  const [platform, setPlatform] = useState<QrPlatform>('wechat');
  return (
    <div className="flex flex-col items-center gap-4">
      <div role="group" aria-label="扫码方式" className="inline-flex rounded border border-gray-200 p-0.5">
        {SCAN_PLATFORMS.map((item) => (
          <button
            key={item.platform}
            type="button"
            aria-pressed={item.platform === platform}
            onClick={() => setPlatform(item.platform)}
            className={`rounded px-4 py-1.5 text-sm ${item.platform === platform ? 'bg-primary text-white' : 'text-gray-600 hover:text-gray-900'}`}
          >
            {item.label}
          </button>
        ))}
      </div>
      <QrBox key={platform} platform={platform} />
    </div>
  );
}

function QrBox({ platform }: { platform: QrPlatform }): ReactNode {
  const { view, refresh } = useQrLogin(platform);
  return <QrBoxView platform={platform} view={view} onRefresh={refresh} />;
}

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
export function QrBoxView({ platform, view, onRefresh }: { platform: QrPlatform; view: QrView; onRefresh(): void }): ReactNode {
  const text = qrStatusText(platform, view.state);
  const canRefresh = view.state === 'cancelled' || view.state === 'error';
  const dimmed = view.state !== 'waiting' && view.state !== 'loading';
  // WeChat's qrconnect page cannot be opened inside WeChat, so our QR of it would only mislead.
  const authorizeUrl = view.authorizeUrl;

  const picture =
    view.image && authorizeUrl === null ? (
      <img src={view.image} alt={`${SCAN_PLATFORMS.find((p) => p.platform === platform)?.label}登录二维码`} width={QR_SIZE_PX} height={QR_SIZE_PX} className={dimmed ? 'opacity-20' : ''} />
    ) : view.state === 'loading' ? (
      <Spinner className="h-6 w-6" />
    ) : null;

  return (
    <div className="flex flex-col items-center gap-2">
      {canRefresh ? (
        <button
          type="button"
          onClick={onRefresh}
          aria-label={`刷新二维码：${text}`}
          className="flex items-center justify-center rounded border border-gray-200 bg-white"
          style={{ width: QR_SIZE_PX + 16, height: QR_SIZE_PX + 16 }}
        >
          {picture ?? <span className="text-3xl text-gray-400" aria-hidden="true">↻</span>}
        </button>
      ) : (
        <div className="flex items-center justify-center rounded border border-gray-200 bg-white" style={{ width: QR_SIZE_PX + 16, height: QR_SIZE_PX + 16 }}>
          {authorizeUrl !== null && view.state !== 'loading' ? (
            <button
              type="button"
              onClick={() => openAuthorizePage(authorizeUrl)}
              disabled={dimmed}
              className={`rounded-full bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-dark disabled:opacity-50 ${focusRing}`}
            >
              {OPEN_WECHAT_LOGIN_TEXT}
            </button>
          ) : (
            picture
          )}
        </div>
      )}
      <p role="status" aria-live="polite" className={`text-sm ${canRefresh ? 'text-primary' : 'text-gray-600'}`}>
        {text}
      </p>
      {view.scanUrl ? (
        // Sandbox only (the server sends the link outside production): the page the QR encodes.
        <a href={view.scanUrl} target="_blank" rel="noopener noreferrer" className="text-xs text-gray-500 underline hover:text-primary">
          打开模拟扫码页
        </a>
      ) : null}
    </div>
  );
}
