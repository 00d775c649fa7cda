/**
 * spec §8 toasts of a confirmed scan that signs nobody in: 获取用户登录信息失败 (WeChat or QQ confirmed
 * without a token) and 获取用户token失败！ (the app's token call failed). The QR calls are mocks;
 * pollQr is what the hook awaits, and the hook toasts a QrSignInError's message as it is.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('~/features/sign-in/client/auth', async (importOriginal) => {
  const actual = await importOriginal<typeof import('~/features/sign-in/client/auth')>();
  return { ...actual, wechatQrStatus: vi.fn(), qqQrStatus: vi.fn(), appQrStatus: vi.fn(), appQrToken: vi.fn() };
});

const auth = await import('~/features/sign-in/client/auth');
const { pollQr, QrSignInError } = await import('~/features/sign-in/ui/qr-session');
const { ApiError } = await import('~/platform/client/errors');

afterEach(() => vi.clearAllMocks());

const signal = new AbortController().signal;
const ANSWER = { token: { token: 't', expires_time: 1 }, is_new_user: false, user: null } as unknown as Awaited<ReturnType<typeof auth.appQrToken>>;

describe('a confirmed scan without sign-in data (spec §8)', () => {
  it('WeChat success without token or temp_token rejects with exactly 获取用户登录信息失败', async () => {
    vi.mocked(auth.wechatQrStatus).mockResolvedValueOnce({ status: 'success' } as Awaited<ReturnType<typeof auth.wechatQrStatus>>);
    const failure = pollQr('wechat', 's1', signal);
    await expect(failure).rejects.toBeInstanceOf(QrSignInError);
    await expect(failure).rejects.toThrow(/^获取用户登录信息失败$/);
  });

  it('QQ logined (0) without resultToken rejects with exactly 获取用户登录信息失败', async () => {
    vi.mocked(auth.qqQrStatus).mockResolvedValueOnce({ resultStatus: 0 } as Awaited<ReturnType<typeof auth.qqQrStatus>>);
    await expect(pollQr('qq', 's2', signal)).rejects.toThrow(/^获取用户登录信息失败$/);
  });

  it('WeChat success with a token signs in; pending stays quiet', async () => {
    vi.mocked(auth.wechatQrStatus).mockResolvedValueOnce({ status: 'success', token: ANSWER } as unknown as Awaited<ReturnType<typeof auth.wechatQrStatus>>);
    await expect(pollQr('wechat', 's3', signal)).resolves.toMatchObject({ state: 'logined', answer: ANSWER });
    vi.mocked(auth.wechatQrStatus).mockResolvedValueOnce({ status: 'pending' } as Awaited<ReturnType<typeof auth.wechatQrStatus>>);
    await expect(pollQr('wechat', 's3', signal)).resolves.toEqual({ state: 'waiting', answer: undefined, tempToken: undefined });
  });

  it('the app confirmed but its token call failed: exactly 获取用户token失败！, the cause kept', async () => {
    vi.mocked(auth.appQrStatus).mockResolvedValueOnce({ status: 'confirmed' });
    const cause = new ApiError({ kind: 'http', httpStatus: 400, code: 1, msg: '二维码已失效' });
    vi.mocked(auth.appQrToken).mockRejectedValueOnce(cause);
    const failure = await pollQr('app', 'q1', signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(QrSignInError);
    expect((failure as Error).message).toBe('获取用户token失败！');
    expect((failure as Error).cause).toBe(cause);
  });

  it('an aborted app token call stays a silent cancellation, not the toast', async () => {
    vi.mocked(auth.appQrStatus).mockResolvedValueOnce({ status: 'confirmed' });
    const cancelled = new ApiError({ kind: 'cancelled', msg: '' });
    vi.mocked(auth.appQrToken).mockRejectedValueOnce(cancelled);
    await expect(pollQr('app', 'q2', signal)).rejects.toBe(cancelled);
  });
});
