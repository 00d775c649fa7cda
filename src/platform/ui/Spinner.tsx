import type { ReactNode } from 'react';
import { MODAL_Z_INDEX } from '~/platform/config/constants';

export interface SpinnerProps {
  className?: string;
  /** When given, the spinner announces itself (role="status"); otherwise it is decorative. */
  label?: string;
}

/** A small inline ring that inherits the text colour. */
export function Spinner({ className = 'h-4 w-4', label }: SpinnerProps): ReactNode {
  const ring = (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      aria-hidden="true"
      focusable="false"
      className={`inline-block shrink-0 animate-spin ${className}`}
    >
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}

export interface FullScreenSpinnerProps {
  show: boolean;
  text?: string;
}

/** Spec §2 full-screen loading spinner; sits above modals so nothing can be clicked meanwhile. */
export function FullScreenSpinner({ show, text }: FullScreenSpinnerProps): ReactNode {
  if (!show) return null;
  return (
    <div
      role="status"
      aria-label="加载中"
      className="fixed inset-0 flex flex-col items-center justify-center gap-3 bg-white/60"
      style={{ zIndex: MODAL_Z_INDEX + 1 }}
    >
      <Spinner className="h-10 w-10 text-primary" />
      {text ? <p className="text-sm text-gray-600">{text}</p> : null}
    </div>
  );
}
