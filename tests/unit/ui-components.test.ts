import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ModalHost from '~/layouts/overlay/ModalHost';
import Toaster from '~/platform/ui/Toaster';
import { DEBOUNCE_FAILURE_TEXT } from '~/platform/ui/DebounceButton';
import { checkDownloadUrl, DOWNLOAD_ERROR_TEXT, DownloadCard } from '~/features/content/ui/DownloadCard';
import { EmptyState, emptyStateText } from '~/platform/ui/EmptyState';
import { Modal } from '~/platform/ui/Modal';
import { LOGIN_TABS, toLoginMode } from '~/features/sign-in/ui/plain/login-dialog';
import { CardSkeleton, Skeleton } from '~/platform/ui/Skeleton';
import { FullScreenSpinner, Spinner } from '~/platform/ui/Spinner';
import { $modal, $toasts, closeModal, openLogin, showError } from '~/platform/stores/ui';

const html = (element: Parameters<typeof renderToStaticMarkup>[0]): string => renderToStaticMarkup(element);

describe('empty state (spec §2)', () => {
  it.each([
    [1, '暂无内容'],
    [2, '没有网络'],
    [3, '404'],
    [0, '404'],
  ])('type %i shows %s', (type, text) => {
    expect(emptyStateText(type)).toBe(text);
    expect(html(createElement(EmptyState, { type }))).toContain(`>${text}</p>`);
  });

  it('defaults to type 1 and a custom text replaces the default line', () => {
    expect(html(createElement(EmptyState))).toContain('暂无内容');
    const custom = html(createElement(EmptyState, { type: 2, text: '登录功能即将开放，敬请期待' }));
    expect(custom).toContain('登录功能即将开放，敬请期待');
    expect(custom).not.toContain('没有网络');
  });

  it('renders static HTML with a decorative illustration and an optional action', () => {
    const markup = html(createElement(EmptyState, { action: createElement('a', { href: '/' }, '回到首页') }));
    expect(markup).toMatch(/<svg[^>]*aria-hidden="true"/);
    expect(markup).toContain('<a href="/">回到首页</a>');
  });
});

describe('loading placeholders', () => {
  it('the full-screen spinner renders only when shown, as a labelled status', () => {
    expect(html(createElement(FullScreenSpinner, { show: false }))).toBe('');
    const markup = html(createElement(FullScreenSpinner, { show: true, text: '正在支付' }));
    expect(markup).toContain('role="status"');
    expect(markup).toContain('aria-label="加载中"');
    expect(markup).toContain('z-index:1003');
    expect(markup).toContain('正在支付');
  });

  it('the inline spinner is decorative unless labelled', () => {
    expect(html(createElement(Spinner))).toContain('aria-hidden="true"');
    expect(html(createElement(Spinner, { label: '提交中' }))).toContain('<span class="sr-only">提交中</span>');
  });

  it('skeletons pulse, hide their shapes and say 加载中 to screen readers', () => {
    const lines = html(createElement(Skeleton, { lines: 4 }));
    expect(lines).toContain('<span class="sr-only">加载中</span>');
    expect(lines).toContain('aria-hidden="true" class="animate-pulse');
    expect(lines.match(/h-4 rounded/g)).toHaveLength(4);
    expect(html(createElement(CardSkeleton))).toContain('aspect-[4/3]');
  });
});

describe('download card (spec §2, §8)', () => {
  const props = { name: '畅租号启动器', description: '一键上号', platform: 'Windows', version: '2.1.0', sizeLabel: '56 MB' };

  it('without a URL the button is disabled and reads 暂无可下载的版本', () => {
    const markup = html(createElement(DownloadCard, { ...props, url: null }));
    expect(markup).toMatch(/<button[^>]*disabled=""[^>]*>暂无可下载的版本<\/button>/);
  });

  it('with a URL the button is named after the file', () => {
    const markup = html(createElement(DownloadCard, { ...props, url: '/downloads/launcher.exe' }));
    expect(markup).toContain('aria-label="立即下载 畅租号启动器"');
    expect(markup).toContain('版本 2.1.0 · 56 MB · Windows');
  });

  it('the error texts are verbatim', () => {
    expect(DOWNLOAD_ERROR_TEXT).toEqual({ network: '下载地址错误', missing: '文件不存在', deleted: '下载文件出错,文件已被删除' });
  });

  const respond = (status: number, type: ResponseType = 'basic') => () =>
    Promise.resolve({ ok: status >= 200 && status < 300, status, type });

  it.each([
    [200, 'ok'],
    [404, 'missing'],
    [410, 'deleted'],
    [500, 'network'],
    [405, 'ok'],
  ] as const)('a HEAD answer %i means %s', async (status, result) => {
    expect(await checkDownloadUrl('/downloads/a.exe', respond(status), 'http://localhost:4321')).toBe(result);
  });

  it('a network failure means 下载地址错误', async () => {
    const failing = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await checkDownloadUrl('/downloads/a.exe', failing, 'http://localhost:4321')).toBe('network');
  });

  it('checks same-origin files with HEAD and cross-origin files without reading their status', async () => {
    const seen: RequestInit[] = [];
    const spy = (_url: string, init?: RequestInit) => {
      seen.push(init!);
      return Promise.resolve({ ok: false, status: 0, type: 'opaque' as ResponseType });
    };
    expect(await checkDownloadUrl('https://files.example.test/a.exe', spy, 'http://localhost:4321')).toBe('ok');
    expect(seen[0]).toMatchObject({ method: 'HEAD', mode: 'no-cors' });
    await checkDownloadUrl('/a.exe', spy, 'http://localhost:4321');
    expect(seen[1]).toMatchObject({ method: 'HEAD', mode: 'same-origin', redirect: 'manual' });
  });
});

describe('modals', () => {
  afterEach(() => closeModal());

  it('the debounce failure text is verbatim', () => {
    expect(DEBOUNCE_FAILURE_TEXT).toBe('操作失败，请重试！');
  });

  it('a modal renders nothing on the server, even when open (it portals after mount)', () => {
    expect(html(createElement(Modal, { open: true, title: '登录', onClose: () => undefined, children: 'x' }))).toBe('');
  });

  it('ModalHost renders nothing on the server whatever the store holds', () => {
    openLogin('register');
    expect(html(createElement(ModalHost))).toBe('');
  });

  it('the login modal has the four spec §4 modes and opens on the requested one', () => {
    expect(LOGIN_TABS.map((tab) => [tab.mode, tab.label])).toEqual([
      ['scan', '扫码登录'],
      ['phone', '短信登录'],
      ['username', '账号登录'],
      ['register', '注册'],
    ]);
    expect(toLoginMode('register')).toBe('register');
    expect(toLoginMode('nonsense')).toBe('scan');
    expect(toLoginMode(undefined)).toBe('scan');
  });

  it('opening the login modal names it and its mode', () => {
    openLogin();
    expect($modal.get()).toEqual({ name: 'login', props: { mode: 'scan' } });
  });
});

describe('toaster', () => {
  afterEach(() => {
    $toasts.set([]);
    vi.useRealTimers();
  });

  it('server render is the empty polite live region', () => {
    vi.useFakeTimers();
    showError('登录失败');
    const markup = html(createElement(Toaster));
    expect(markup).toMatch(/^<div aria-live="polite">/);
    expect(markup).not.toContain('登录失败');
  });
});
