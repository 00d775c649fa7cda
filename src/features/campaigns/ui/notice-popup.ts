/**
 * The spec §2 emergency notice as a plain `<dialog>` (platform/ui/plain-dialog.ts, issue 27): a
 * first visitor gets it without React. Whether it shows, and which notice, was decided before
 * (popup-checks.ts with the pure rules); this draws it and keeps the record 不再提示 changes.
 */
import type { EmergencyNotice } from '~/features/campaigns/contract/popups';
import { neverShowNoticeAgain } from '~/features/campaigns/store';
import { h, showPlainDialog, type PlainDialog } from '~/platform/ui/plain-dialog';
import { focusRing } from '~/platform/ui/focus-ring';

/** 知道了 (close; it may show again, at most 3 times in all) and 不再提示 (spec §4: its count becomes 3). */
export function showNoticeDialog(notice: EmergencyNotice): Promise<PlainDialog> {
  return showPlainDialog(() => {
    const never = h('button', `rounded border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50 ${focusRing}`, '不再提示');
    never.type = 'button';
    never.dataset.close = '';
    never.addEventListener('click', () => neverShowNoticeAgain(notice.id));
    const ok = h('button', `rounded bg-primary px-5 py-2 text-sm font-medium text-white hover:bg-primary-dark ${focusRing}`, '知道了');
    ok.type = 'button';
    ok.dataset.close = '';
    ok.autofocus = true;
    return {
      title: notice.title,
      body: h('p', 'text-sm leading-7 whitespace-pre-line text-gray-700 break-words', notice.content),
      footer: [never, ok],
      marker: 'data-emergency-notice',
    };
  });
}
