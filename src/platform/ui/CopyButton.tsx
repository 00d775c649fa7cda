import type { ReactNode } from 'react';
import { showError, showSuccess } from '~/platform/stores/ui';
import { focusRing } from '~/platform/ui/focus-ring';

export interface CopyButtonProps {
  text: string;
  /** What is copied, for the button's accessible name: 订单号, 账号, 密码. */
  what: string;
}

/** A small 复制 button; the clipboard needs a secure context, so a refusal says to copy by hand. */
export function CopyButton({ text, what }: CopyButtonProps): ReactNode {
  async function copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      showSuccess(`${what}已复制`);
    } catch {
      showError('复制失败，请手动复制');
    }
  }

  return (
    <button
      type="button"
      onClick={() => void copy()}
      aria-label={`复制${what}`}
      className={`inline-flex min-h-8 min-w-11 items-center justify-center rounded border border-neutral-300 px-1.5 py-0.5 text-xs leading-4 text-neutral-600 hover:border-primary hover:text-primary ${focusRing}`}
    >
      复制
    </button>
  );
}
