import { useEffect, useState, type ReactNode } from 'react';
import { getOfficialAccountConfig, type OfficialAccountConfig, type OfficialAccountPage } from '~/features/content/client';
import { openModal } from '~/platform/stores/ui';
import { focusRing } from '~/platform/ui/focus-ring';

export const OFFICIAL_ACCOUNT_PROMPT_TEXT = '关注公众号，订单提醒不错过';

/**
 * The 关注公众号 prompt of the pay result and the order list: it asks GET wechat official-account
 * config for its page (spec §7) and shows only once that answered; a failed call leaves nothing on
 * the page (spec §8 "A failed wechat-config call hides the official-account prompt"). 立即关注
 * opens the QR modal with the code and line it already has.
 */
export default function OfficialAccountPrompt({ page }: { page: OfficialAccountPage }): ReactNode {
  const [config, setConfig] = useState<OfficialAccountConfig | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getOfficialAccountConfig(page, controller.signal)
      .then((answer) => {
        if (typeof answer?.qrcode === 'string' && typeof answer.text === 'string') setConfig(answer);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [page]);

  if (!config) return null;
  return (
    <aside aria-label="关注公众号" className="my-4 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-emerald-50 px-4 py-3 text-sm text-emerald-900 ring-1 ring-emerald-200" data-official-account-prompt>
      <span className="inline-flex min-w-0 items-center gap-2">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M9 4c-3.9 0-7 2.6-7 5.8 0 1.8 1 3.4 2.6 4.5L4 17l3-1.5c.6.2 1.3.3 2 .3M15 9c3.3 0 6 2.2 6 5 0 1.5-.8 2.9-2.1 3.8l.6 2.2-2.6-1.3c-.6.2-1.2.3-1.9.3-3.3 0-6-2.2-6-5s2.7-5 6-5z" />
        </svg>
        {OFFICIAL_ACCOUNT_PROMPT_TEXT}
      </span>
      <button
        type="button"
        onClick={() => openModal('officialAccountQr', { qrcode: config.qrcode, text: config.text })}
        className={`inline-flex min-h-8 items-center rounded-full bg-emerald-600 px-4 py-1 text-white hover:bg-emerald-700 ${focusRing}`}
      >
        立即关注
      </button>
    </aside>
  );
}
