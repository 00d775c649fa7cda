// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The QR calls are mocks: the test sees what the panel does with each init answer.
vi.mock('~/features/sign-in/client/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/sign-in/client/auth')>();
  return { ...actual, initWechatQr: vi.fn(), initQqQr: vi.fn() };
});
vi.mock('~/platform/client/fingerprint', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/platform/client/fingerprint')>();
  return { ...actual, browserFingerprint: vi.fn(async () => 'fp') };
});

const auth = await import('~/features/sign-in/client/auth');
const { initQr } = await import('~/features/sign-in/ui/qr-session');
const { qrBox, OPEN_WECHAT_LOGIN_TEXT, openAuthorizePage } = await import('~/features/sign-in/ui/plain/scan-panel');

const AUTHORIZE_URL = 'https://open.weixin.qq.com/connect/qrconnect?appid=wx1&redirect_uri=https%3A%2F%2Fshop.example.com%2Fapi%2Fv1%2Fqr%2Fwechat%2Fcallback&response_type=code&scope=snsapi_login&state=s#wechat_redirect';
const IMAGE = 'data:image/svg+xml;base64,PHN2Zy8+';

afterEach(() => vi.clearAllMocks());

const box = (view: { state: 'waiting' | 'loading' | 'cancelled'; authorizeUrl: string | null; scanUrl?: string | null }): string =>
  qrBox('wechat', { image: IMAGE, scanUrl: null, ...view }, () => undefined).outerHTML;

describe('WeChat website login (live provider: docs/providers-sign-in.md)', () => {
  it('with authorize_url the panel shows 打开微信扫码登录 instead of our QR, and keeps its status line', () => {
    const markup = box({ state: 'waiting', authorizeUrl: AUTHORIZE_URL });
    expect(markup).toMatch(new RegExp(`<button type="button"[^>]*>${OPEN_WECHAT_LOGIN_TEXT}</button>`));
    expect(OPEN_WECHAT_LOGIN_TEXT).toBe('打开微信扫码登录');
    expect(markup).not.toContain('<img');
    expect(markup).toContain('请使用微信扫码');
  });

  it('without authorize_url (sandbox) the panel is unchanged: our QR, no button', () => {
    const markup = box({ state: 'waiting', authorizeUrl: null, scanUrl: '/sandbox/qr/abc' });
    expect(markup).toContain(`src="${IMAGE}"`);
    expect(markup).not.toContain(OPEN_WECHAT_LOGIN_TEXT);
    expect(markup).toContain('打开模拟扫码页');
  });

  it('a cancelled live code offers the refresh, not the button', () => {
    const markup = box({ state: 'cancelled', authorizeUrl: AUTHORIZE_URL });
    expect(markup).toContain('aria-label="刷新二维码：已取消，点击刷新"');
    expect(markup).not.toContain(OPEN_WECHAT_LOGIN_TEXT);
    expect(markup).not.toContain('<img');
  });

  it('the button opens the page in a new tab with noopener', () => {
    const open = vi.fn();
    openAuthorizePage(AUTHORIZE_URL, open);
    expect(open).toHaveBeenCalledWith(AUTHORIZE_URL, '_blank', 'noopener');
  });

  it('init carries authorize_url for WeChat only when the server sends it', async () => {
    vi.mocked(auth.initWechatQr).mockResolvedValueOnce({ session_id: 'id1', qrcode_url: IMAGE, authorize_url: AUTHORIZE_URL });
    expect(await initQr('wechat')).toEqual({ id: 'id1', image: IMAGE, scanUrl: null, authorizeUrl: AUTHORIZE_URL });
    vi.mocked(auth.initWechatQr).mockResolvedValueOnce({ session_id: 'id2', qrcode_url: IMAGE, sandbox_scan_url: '/sandbox/qr/x' });
    expect(await initQr('wechat')).toEqual({ id: 'id2', image: IMAGE, scanUrl: '/sandbox/qr/x', authorizeUrl: null });
    // Mobile QQ opens the authorize page our QR encodes: QQ keeps its QR.
    vi.mocked(auth.initQqQr).mockResolvedValueOnce({ sessionId: 'id3', qrImage: IMAGE, authorize_url: 'https://graph.qq.com/oauth2.0/authorize?state=s' });
    expect(await initQr('qq')).toEqual({ id: 'id3', image: IMAGE, scanUrl: null, authorizeUrl: null });
  });
});
