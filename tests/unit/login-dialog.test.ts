// @vitest-environment happy-dom
/**
 * Issue 27: the plain login dialog (features/sign-in/ui/plain) keeps the React dialog's rules:
 * spec §4 modes and tabs, spec §5 messages and agreement confirm, the -410 slider, spec §2 mask
 * and Esc closing. The calls and the React parts are mocks: the test sees what the dialog does.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '~/platform/client/errors';

vi.mock('~/features/sign-in/client/auth', () => ({ login: vi.fn() }));
vi.mock('~/platform/client/fingerprint', () => ({ FINGERPRINT_FAILED_MSG: '获取浏览器指纹失败', browserFingerprint: vi.fn(async () => 'fp') }));
vi.mock('~/features/sign-in/session', () => ({ completeLogin: vi.fn() }));
// The QR code never arrives: the scan panel stays on its loading state.
vi.mock('~/features/sign-in/ui/qr-session', () => ({ initQr: () => new Promise(() => undefined), pollQr: vi.fn() }));
vi.mock('~/features/sign-in/ui/plain/react-parts', () => ({
  mountFormPanel: vi.fn((container: HTMLElement, mode: string) => {
    container.textContent = `react ${mode}`;
    return () => undefined;
  }),
  askCaptcha: vi.fn(() => ({ key: Promise.resolve('verify-key-1'), stop: () => undefined })),
}));

const { login } = await import('~/features/sign-in/client/auth');
const { completeLogin } = await import('~/features/sign-in/session');
const { askCaptcha, mountFormPanel } = await import('~/features/sign-in/ui/plain/react-parts');
const { $modal, closeModal, openLogin } = await import('~/platform/stores/ui');
const { installLoginDialog } = await import('~/features/sign-in/ui/plain/login-dialog');

/** A sign-in answer (its fields do not matter here: completeLogin is a mock). */
const SIGNED_IN = { token: { token: 't', expires_time: 1 }, is_new_user: false, user: null } as never;
const dialog = (): HTMLElement | null => document.querySelector('[role="dialog"]');
const byLabel = (text: string): HTMLInputElement => {
  const label = Array.from(document.querySelectorAll('label')).find((item) => item.textContent === text)!;
  return document.getElementById(label.htmlFor) as HTMLInputElement;
};
/** The agreement's label text as the DOM holds it (the two names are links inside it). */
const AGREEMENT_LABEL = '我已阅读并同意《平台服务协议》和《隐私政策》';
const visiblePanel = (): HTMLElement => document.querySelector<HTMLElement>('[role="tabpanel"]:not([hidden])')!;
const tab = (name: string): HTMLButtonElement => Array.from(document.querySelectorAll<HTMLButtonElement>('[role="tab"]')).find((item) => item.textContent === name)!;
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const submitButton = (): HTMLButtonElement => visiblePanel().querySelector('button[type="submit"]')!;

let uninstall: () => void = () => undefined;
beforeEach(() => {
  localStorage.clear();
  uninstall = installLoginDialog();
});
afterEach(() => {
  uninstall();
  closeModal();
  vi.clearAllMocks();
});

describe('the plain login dialog (spec §4 login modes)', () => {
  it('opens on the requested mode, labelled 登录, and closes with the store', () => {
    openLogin('username');
    expect(dialog()?.getAttribute('aria-labelledby')).toBeTruthy();
    expect(document.getElementById(dialog()!.getAttribute('aria-labelledby')!)?.textContent).toBe('登录');
    expect(tab('账号登录').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('账号登录'));
    expect(visiblePanel().textContent).toContain('记住我');
    expect(byLabel('密码').type).toBe('password');
    expect(byLabel('手机号/用户名').maxLength).toBe(20);
    closeModal();
    expect(dialog()).toBeNull();
  });

  it('the scan panel is the default: WeChat first, its code loading', () => {
    openLogin();
    expect(tab('扫码登录').getAttribute('aria-selected')).toBe('true');
    expect(visiblePanel().querySelector('[aria-pressed="true"]')?.textContent).toBe('微信');
    expect(visiblePanel().textContent).toContain('App扫码');
    expect(visiblePanel().textContent).toContain('二维码加载中…');
  });

  it('arrows move and select the tab; 短信登录 and 注册 mount their React panels when first chosen', async () => {
    openLogin('username');
    tab('账号登录').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(tab('注册').getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(tab('注册'));
    await vi.waitFor(() => expect(visiblePanel().textContent).toBe('react register'));
    tab('注册').dispatchEvent(new KeyboardEvent('keydown', { key: 'Home', bubbles: true }));
    expect(tab('扫码登录').getAttribute('aria-selected')).toBe('true');
    tab('扫码登录').dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(tab('注册').getAttribute('aria-selected')).toBe('true');
    expect(mountFormPanel).toHaveBeenCalledTimes(1);
  });

  it('openLogin with another mode while open switches the tab', () => {
    openLogin('scan');
    openLogin('phone');
    expect(tab('短信登录').getAttribute('aria-selected')).toBe('true');
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(1);
  });

  it('Esc and a click on the mask close it (spec §2)', () => {
    openLogin('username');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect($modal.get()).toBeNull();
    expect(dialog()).toBeNull();
    openLogin('username');
    const mask = dialog()!.parentElement!;
    mask.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    mask.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(dialog()).toBeNull();
  });
});

describe('the password form (spec §5)', () => {
  it('an empty submit shows both required messages and focuses the first field', async () => {
    openLogin('username');
    submitButton().click();
    await settle();
    expect(visiblePanel().textContent).toContain('请输入手机号/用户名');
    expect(visiblePanel().textContent).toContain('请输入密码');
    expect(byLabel('手机号/用户名').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(byLabel('手机号/用户名'));
    expect(login).not.toHaveBeenCalled();
  });

  it('an unticked agreement asks 需同意并阅读…; 同意 ticks it and the sign-in goes on', async () => {
    vi.mocked(login).mockResolvedValueOnce(SIGNED_IN);
    openLogin('username');
    byLabel('手机号/用户名').value = 'renter01';
    byLabel('密码').value = 'renter_pass01';
    submitButton().click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('需同意并阅读《平台服务协议》和《隐私政策》!'));
    expect(submitButton().getAttribute('aria-busy')).toBe('true');
    Array.from(document.querySelectorAll('button')).find((button) => button.textContent === '同意')!.click();
    await vi.waitFor(() => expect(completeLogin).toHaveBeenCalledTimes(1));
    expect(login).toHaveBeenCalledWith({ username: 'renter01', password: 'renter_pass01', verify_key: undefined, fingerprint: 'fp' });
    expect(byLabel(AGREEMENT_LABEL).checked).toBe(true);
  });

  it('after a -410 the next attempt carries a solved slider', async () => {
    vi.mocked(login).mockRejectedValueOnce(new ApiError({ kind: 'business', code: -410, msg: '密码错误超过3次，请验证' }));
    vi.mocked(login).mockResolvedValueOnce(SIGNED_IN);
    openLogin('username');
    byLabel('手机号/用户名').value = 'merchant01';
    byLabel('密码').value = 'merchant_pass01';
    (visiblePanel().querySelectorAll('input[type="checkbox"]')[1] as HTMLInputElement).checked = true;
    submitButton().click();
    await vi.waitFor(() => expect(visiblePanel().textContent).toContain('密码错误超过3次，请验证：登录前需完成安全验证'));
    await vi.waitFor(() => expect(submitButton().hasAttribute('aria-busy')).toBe(false));
    expect(askCaptcha).not.toHaveBeenCalled();
    submitButton().click();
    await vi.waitFor(() => expect(completeLogin).toHaveBeenCalledTimes(1));
    expect(askCaptcha).toHaveBeenCalledWith(expect.any(HTMLElement), 'login');
    expect(vi.mocked(login).mock.calls[1]![0]).toMatchObject({ username: 'merchant01', verify_key: 'verify-key-1' });
  });

  it('a click while the sign-in runs is ignored (debounce button)', async () => {
    let answer: (value: never) => void = () => undefined;
    vi.mocked(login).mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    openLogin('username');
    byLabel('手机号/用户名').value = 'renter01';
    byLabel('密码').value = 'renter_pass01';
    (visiblePanel().querySelectorAll('input[type="checkbox"]')[1] as HTMLInputElement).checked = true;
    submitButton().click();
    await vi.waitFor(() => expect(login).toHaveBeenCalledTimes(1));
    submitButton().click();
    await settle();
    expect(login).toHaveBeenCalledTimes(1);
    answer(SIGNED_IN);
    await vi.waitFor(() => expect(completeLogin).toHaveBeenCalledTimes(1));
  });
});
