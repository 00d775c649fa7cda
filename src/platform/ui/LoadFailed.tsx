import type { ReactNode } from 'react';
import { EmptyState } from '~/platform/ui/EmptyState';
import { focusRing } from '~/platform/ui/focus-ring';

/** A load that failed: the no-network picture, what failed, and 重试. */
export function LoadFailed({ text, onRetry }: { text: string; onRetry(): void }): ReactNode {
  return (
    <EmptyState
      type={2}
      text={text}
      action={
        <button type="button" onClick={onRetry} className={`rounded-full border border-primary px-5 py-1.5 text-sm text-primary hover:bg-primary-light ${focusRing}`}>
          重试
        </button>
      }
    />
  );
}

/** A small part of a card or dialog that failed to load: what failed, and 重试 beside it. */
export function InlineLoadFailed({ text, onRetry }: { text: string; onRetry(): void }): ReactNode {
  return (
    <p role="alert" className="flex flex-wrap items-center gap-2 text-primary-dark">
      {text}
      <button type="button" onClick={onRetry} className={`rounded border border-primary px-2 py-0.5 text-xs text-primary hover:bg-primary-light ${focusRing}`}>
        重试
      </button>
    </p>
  );
}
