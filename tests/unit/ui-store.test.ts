import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $modal, $notices, $toasts, closeModal, openLogin, showError, showNotice, showToast } from '~/platform/stores/ui';

describe('messages (spec §9: toast max 1 for 3 s, notification max 1 for 10 s)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    $toasts.set([]);
    $notices.set([]);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps at most one toast, the newest', () => {
    showToast('一');
    showError('二');
    expect($toasts.get()).toHaveLength(1);
    expect($toasts.get()[0]).toMatchObject({ text: '二', kind: 'error' });
  });

  it('a toast lasts 3 s', () => {
    showToast('保存成功', 'success');
    vi.advanceTimersByTime(2_999);
    expect($toasts.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get()).toHaveLength(0);
  });

  it('keeps at most one notification, for 10 s', () => {
    showNotice({ kind: 'info', title: '通知一', text: '内容' });
    showNotice({ kind: 'info', title: '通知二', text: '内容' });
    expect($notices.get().map((notice) => notice.title)).toEqual(['通知二']);
    vi.advanceTimersByTime(9_999);
    expect($notices.get()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($notices.get()).toHaveLength(0);
  });
});

describe('modals', () => {
  it('the login modal opens with the requested mode (spec §4)', () => {
    openLogin('phone');
    expect($modal.get()).toEqual({ name: 'login', props: { mode: 'phone' } });
    closeModal();
    expect($modal.get()).toBeNull();
  });
});
