// @vitest-environment happy-dom
/**
 * The popups a visitor gets on entering a page (spec §2 routing rules, §4 "Notice popups" and
 * "Ad popup choice"), drawn as plain <dialog>s (issue 27), against a stubbed API: at most one popup
 * per page view, the notice first; the ad check that did not run leaves its records untouched and
 * runs on the next page view; 不再提示 and the close buttons keep the spec §3 records.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmergencyNotice, PopupAd } from '~/features/campaigns/contract/popups';
import { runPopupChecks } from '~/features/campaigns/ui/popup-checks';
import { showAdDialog } from '~/features/campaigns/ui/ad-popup';
import { closeModal, openModal } from '~/platform/stores/ui';

const NOTICE: EmergencyNotice = { id: 7, title: '防诈骗紧急提醒', content: '平台客服不会索要您的密码或验证码。' };
const SVIP_AD: PopupAd = { id: 2, title: '开通SVIP 每单立减', image: '/banners/popup-svip.svg', link: '/svip', priority: 2, display_frequency: 2, position: 0, start_date: null, end_date: null };
const TEJIA_AD: PopupAd = { id: 1, title: '特价专区 限时五折起', image: '/banners/popup-tejia.svg', link: '/tejia.html', priority: 1, display_frequency: 0, position: 1, start_date: null, end_date: null };

let fetched: string[];
let notices: EmergencyNotice[];
let ads: PopupAd[];

beforeEach(() => {
  fetched = [];
  notices = [NOTICE];
  ads = [SVIP_AD, TEJIA_AD];
  localStorage.clear();
  document.body.innerHTML = '';
  vi.stubGlobal('fetch', async (input: string) => {
    const url = new URL(input, 'http://site.test');
    fetched.push(url.pathname);
    const data = url.pathname.endsWith('/common/emergencyNotices') ? notices : ads;
    return new Response(JSON.stringify({ code: 0, msg: 'ok', data }), { headers: { 'content-type': 'application/json' } });
  });
});

afterEach(async () => {
  closeModal();
  // Close whatever is open and whatever was queued behind it, so no dialog leaks into the next test.
  for (let round = 0; round < 3; round += 1) {
    for (const dialog of document.querySelectorAll('dialog')) dialog.close();
    await settle();
  }
  vi.unstubAllGlobals();
});

const openDialogs = (): HTMLDialogElement[] => Array.from(document.querySelectorAll<HTMLDialogElement>('dialog[open]'));
const titleOf = (dialog: HTMLDialogElement): string | null | undefined => document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')?.textContent;
const stored = (key: string): unknown => JSON.parse(localStorage.getItem(key) ?? 'null');
const button = (dialog: HTMLDialogElement, name: string): HTMLButtonElement =>
  Array.from(dialog.querySelectorAll('button')).find((candidate) => candidate.textContent === name || candidate.getAttribute('aria-label') === name)!;

async function settle(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('a first visit to home opens one popup: the notice; the ad waits for a later page view', () => {
  it('shows the notice alone and leaves the ad records untouched', async () => {
    await runPopupChecks(null, 'home');
    await settle();
    const shown = openDialogs();
    expect(shown.map(titleOf)).toEqual([NOTICE.title]);
    expect(shown[0]!.textContent).toContain(NOTICE.content);
    expect(fetched).toEqual(['/api/v1/common/emergencyNotices']);
    for (const key of ['pendingAdList', 'popedAdList', 'popedOneTimeAdList']) expect(localStorage.getItem(key)).toBeNull();
    expect(stored('pendingPopups')).toEqual([{ ...NOTICE, count: 1 }]);
  });

  it('知道了 closes it; the next home view shows the notice again (count 2), still alone', async () => {
    await runPopupChecks(null, 'home');
    await settle();
    button(openDialogs()[0]!, '知道了').click();
    await settle();
    expect(openDialogs()).toEqual([]);
    expect(document.querySelectorAll('dialog')).toHaveLength(0);
    await runPopupChecks('home', 'home');
    await settle();
    expect(openDialogs().map(titleOf)).toEqual([NOTICE.title]);
    expect(stored('pendingPopups')).toEqual([{ ...NOTICE, count: 2 }]);
  });

  it('after 不再提示 (count 3, spec §4) the next home view shows the ad instead, and records it', async () => {
    await runPopupChecks(null, 'home');
    await settle();
    button(openDialogs()[0]!, '不再提示').click();
    await settle();
    expect(openDialogs()).toEqual([]);
    expect(stored('pendingPopups')).toEqual([{ ...NOTICE, count: 3 }]);

    await runPopupChecks('free', 'home');
    await settle();
    const [ad] = openDialogs();
    expect(openDialogs()).toHaveLength(1);
    expect(titleOf(ad!)).toBe(SVIP_AD.title);
    expect(ad!.querySelector('a')!.getAttribute('href')).toBe('/svip');
    expect(ad!.querySelector('img')!.getAttribute('alt')).toBe(SVIP_AD.title);
    expect(stored('popedOneTimeAdList')).toEqual([SVIP_AD.id]);
    expect(stored('popedAdList')).toEqual([expect.objectContaining({ id: SVIP_AD.id, count: 1 })]);
  });

  it('with no notice in effect, home shows the ad at once', async () => {
    notices = [];
    await runPopupChecks(null, 'home');
    await settle();
    expect(openDialogs().map(titleOf)).toEqual([SVIP_AD.title]);
  });
});

describe('the routes that run no notice check still get their ad', () => {
  it('entering tejia from another route shows the ad (position 1 allowed there) without asking for notices', async () => {
    await runPopupChecks('zuhao', 'tejia');
    await settle();
    expect(openDialogs().map(titleOf)).toEqual([TEJIA_AD.title]);
    expect(fetched).toEqual(['/api/v1/popup_advertisement']);
  });

  it('a fresh entry straight onto tejia runs nothing', async () => {
    await runPopupChecks(null, 'tejia');
    await settle();
    expect(openDialogs()).toEqual([]);
    expect(fetched).toEqual([]);
  });
});

describe('one dialog at a time', () => {
  it('a popup waits while a React modal is open, and a React modal that opens closes it', async () => {
    openModal('login', { mode: 'scan' });
    notices = [];
    await runPopupChecks(null, 'home');
    await settle();
    expect(openDialogs()).toEqual([]);
    closeModal();
    await settle();
    expect(openDialogs().map(titleOf)).toEqual([SVIP_AD.title]);
    openModal('login', { mode: 'scan' });
    await settle();
    expect(openDialogs()).toEqual([]);
  });

  it('a second popup opens only after the first has closed', async () => {
    const first = await showAdDialog(SVIP_AD);
    const second = showAdDialog(TEJIA_AD);
    await settle();
    expect(openDialogs().map(titleOf)).toEqual([SVIP_AD.title]);
    first.close();
    await second;
    expect(openDialogs().map(titleOf)).toEqual([TEJIA_AD.title]);
  });
});

describe('the ad popup', () => {
  it('a link to another site opens in a new tab; a link that is neither a site path nor http(s) gives no link', async () => {
    const external = await showAdDialog({ ...SVIP_AD, link: 'https://example.com/x' });
    const link = external.element.querySelector('a')!;
    expect([link.getAttribute('href'), link.target, link.rel]).toEqual(['https://example.com/x', '_blank', 'noopener noreferrer']);
    external.close();
    const none = await showAdDialog({ ...SVIP_AD, link: 'javascript:alert(1)' });
    expect(none.element.querySelector('a')).toBeNull();
    expect(none.element.querySelector('img')).not.toBeNull();
  });

  it('the close button closes it', async () => {
    const shown = await showAdDialog(SVIP_AD);
    button(shown.element, '关闭').click();
    await shown.closed;
    expect(document.querySelectorAll('dialog')).toHaveLength(0);
  });
});
