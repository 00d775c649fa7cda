import type { ReactNode } from 'react';

export interface EmptyStateProps {
  /** Spec §2: 1 = no content, 2 = no network, anything else = 404. Defaults to 1. */
  type?: number;
  /** Replaces the default line. */
  text?: string;
  action?: ReactNode;
}

/** Spec §2 empty-state texts. */
export const EMPTY_STATE_TEXT = { empty: '暂无内容', offline: '没有网络', notFound: '404' } as const;

export function emptyStateText(type: number, text?: string): string {
  if (text) return text;
  if (type === 1) return EMPTY_STATE_TEXT.empty;
  if (type === 2) return EMPTY_STATE_TEXT.offline;
  return EMPTY_STATE_TEXT.notFound;
}

/** Static markup only (no hooks), so Astro can render it without hydrating anything. */
export function EmptyState({ type = 1, text, action }: EmptyStateProps): ReactNode {
  return (
    <div className="flex flex-col items-center justify-center gap-3 px-4 py-10 text-center text-gray-500">
      <Illustration type={type} />
      <p className="text-sm">{emptyStateText(type, text)}</p>
      {action ? <div className="mt-1">{action}</div> : null}
    </div>
  );
}

function Illustration({ type }: { type: number }): ReactNode {
  const common = {
    viewBox: '0 0 120 90',
    width: 120,
    height: 90,
    'aria-hidden': true,
    focusable: 'false' as const,
    className: 'h-[90px] w-[120px]',
  };
  if (type === 1) {
    // An empty tray.
    return (
      <svg {...common}>
        <ellipse cx="60" cy="78" rx="44" ry="6" fill="#f3f4f6" />
        <path d="M22 46l12-22h52l12 22v22a4 4 0 0 1-4 4H26a4 4 0 0 1-4-4z" fill="#fff" stroke="#d1d5db" strokeWidth="2" />
        <path d="M22 46h24l4 8h20l4-8h24" fill="none" stroke="#d1d5db" strokeWidth="2" strokeLinejoin="round" />
        <path d="M52 14l-4-6M60 12V4M68 14l4-6" stroke="#fca5a5" strokeWidth="2" strokeLinecap="round" />
      </svg>
    );
  }
  if (type === 2) {
    // A Wi-Fi fan crossed out.
    return (
      <svg {...common}>
        <ellipse cx="60" cy="78" rx="44" ry="6" fill="#f3f4f6" />
        <g fill="none" stroke="#d1d5db" strokeWidth="5" strokeLinecap="round">
          <path d="M26 36a48 48 0 0 1 68 0" />
          <path d="M36 47a34 34 0 0 1 48 0" />
          <path d="M46 58a20 20 0 0 1 28 0" />
        </g>
        <circle cx="60" cy="68" r="4.5" fill="#d1d5db" />
        <path d="M32 16l56 56" stroke="#f87171" strokeWidth="5" strokeLinecap="round" />
      </svg>
    );
  }
  // A page with a magnifier: nothing here.
  return (
    <svg {...common}>
      <ellipse cx="60" cy="78" rx="44" ry="6" fill="#f3f4f6" />
      <path d="M34 10h36l14 14v48a4 4 0 0 1-4 4H34a4 4 0 0 1-4-4V14a4 4 0 0 1 4-4z" fill="#fff" stroke="#d1d5db" strokeWidth="2" />
      <path d="M70 10v14h14" fill="none" stroke="#d1d5db" strokeWidth="2" strokeLinejoin="round" />
      <path d="M40 34h24M40 42h16" stroke="#e5e7eb" strokeWidth="3" strokeLinecap="round" />
      <circle cx="74" cy="56" r="11" fill="#fff" stroke="#f87171" strokeWidth="4" />
      <path d="M82 64l10 10" stroke="#f87171" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
