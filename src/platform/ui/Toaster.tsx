import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { MODAL_Z_INDEX, NOTIFICATION_MAX_COUNT, TOAST_MAX_COUNT } from '~/platform/config/constants';
import { $notices, $toasts, dismissNotice, type MessageKind } from '~/platform/stores/ui';

const TOAST_STYLE: Record<MessageKind, string> = {
  success: 'border-green-200 bg-green-50 text-green-800',
  error: 'border-red-200 bg-red-50 text-red-700',
  info: 'border-gray-200 bg-white text-gray-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-800',
};

const ICON_COLOUR: Record<MessageKind, string> = {
  success: 'text-green-600',
  error: 'text-red-600',
  info: 'text-blue-500',
  warning: 'text-amber-500',
};

function KindIcon({ kind }: { kind: MessageKind }): ReactNode {
  return (
    <svg
      viewBox="0 0 20 20"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
      className={`h-[18px] w-[18px] shrink-0 ${ICON_COLOUR[kind]}`}
    >
      {kind === 'warning' ? (
        <path d="M10 2.5l8.5 15h-17z" fill="currentColor" />
      ) : (
        <circle cx="10" cy="10" r="8.5" fill="currentColor" />
      )}
      <g stroke="#fff" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" fill="none">
        {kind === 'success' && <path d="M6 10.2l2.6 2.6L14 7.4" />}
        {kind === 'error' && <path d="M7 7l6 6M13 7l-6 6" />}
        {kind === 'info' && <path d="M10 9v5M10 6.2v.1" />}
        {kind === 'warning' && <path d="M10 8v4.5M10 15v.1" />}
      </g>
    </svg>
  );
}

/**
 * Spec §9 messages: one toast at a time (top centre, 3 s) and one notification card (top right,
 * under the header, 10 s; a bar at the bottom on a phone); the store owns the timers. Sits above modals so a failure inside a dialog is seen.
 */
export default function Toaster(): ReactNode {
  // The server renders the empty state; queued messages appear right after hydration.
  const $toastList = useStore($toasts, { ssr: 'initial' });
  const $noticeList = useStore($notices, { ssr: 'initial' });
  const toasts = $toastList.slice(-TOAST_MAX_COUNT);
  const notices = $noticeList.slice(-NOTIFICATION_MAX_COUNT);
  const zIndex = MODAL_Z_INDEX + 10;

  return (
    <div aria-live="polite">
      <div
        className="pointer-events-none fixed inset-x-0 top-4 flex flex-col items-center gap-2 px-4"
        style={{ zIndex }}
      >
        {toasts.map((toast) => (
          <div
            key={toast.id}
            role={toast.kind === 'error' ? 'alert' : 'status'}
            className={`pointer-events-auto flex max-w-md items-center gap-2 rounded-md border px-4 py-2.5 text-sm shadow-md ${TOAST_STYLE[toast.kind]}`}
          >
            <KindIcon kind={toast.kind} />
            <span>{toast.text}</span>
          </div>
        ))}
      </div>
      {/* From md up: right under the sticky header (h-14, md:h-16), never over its buttons (the user
          menu sits top right), clear of the floating column below. On a phone (issue 28) a card
          under the header covered the heading of the page just opened, so there it is a compact
          one-line bar at the bottom of the screen instead, above any bar a page fixes there
          (--fixed-bottom-bar-height, set by that bar's page), with the text left to 查看详情. */}
      <div
        className="pointer-events-none fixed inset-x-2 bottom-[calc(var(--fixed-bottom-bar-height,0px)+env(safe-area-inset-bottom)+0.5rem)] flex flex-col gap-3 md:inset-x-auto md:top-[4.75rem] md:right-4 md:bottom-auto md:w-[min(22rem,calc(100vw-2rem))]"
        style={{ zIndex }}
        data-notice-dock
      >
        {notices.map((notice) => (
          <div
            key={notice.id}
            role={notice.kind === 'error' ? 'alert' : 'status'}
            aria-label={notice.title}
            className="pointer-events-auto relative flex items-center gap-2 rounded-lg border border-gray-200 bg-white py-2 pr-10 pl-3 text-gray-800 shadow-lg md:items-start md:gap-3 md:p-4 md:pr-10"
          >
            <span className="md:mt-0.5">
              <KindIcon kind={notice.kind} />
            </span>
            <div className="flex min-w-0 flex-1 items-center gap-2 md:block">
              <p className="min-w-0 flex-1 truncate text-sm font-semibold text-gray-900 md:text-base md:whitespace-normal">{notice.title}</p>
              <p className="mt-1 text-sm break-words text-gray-600 max-md:hidden">{notice.text}</p>
              {notice.href ? (
                <a
                  href={notice.href}
                  className="inline-flex min-h-8 shrink-0 items-center text-sm text-primary hover:underline md:mt-2 md:min-h-0"
                  onClick={() => dismissNotice(notice.id)}
                >
                  {notice.linkText ?? '查看详情'}
                </a>
              ) : null}
            </div>
            <button
              type="button"
              aria-label="关闭通知"
              onClick={() => dismissNotice(notice.id)}
              className="absolute top-1/2 right-1 inline-flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-full text-gray-400 hover:bg-gray-100 hover:text-gray-700 focus-visible:outline-2 focus-visible:outline-primary md:top-2 md:right-2 md:translate-y-0"
            >
              <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
              </svg>
            </button>
          </div>
        ))}
      </div>
    </div>
  );
}
