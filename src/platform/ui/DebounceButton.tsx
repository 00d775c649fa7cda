import { useEffect, useRef, useState, type ButtonHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { showError } from '~/platform/stores/ui';
import { Spinner } from '~/platform/ui/Spinner';

import { DEBOUNCE_FAILURE_TEXT } from '~/platform/wire/messages';

export { DEBOUNCE_FAILURE_TEXT };

export interface DebounceButtonProps
  extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'onClick' | 'children' | 'className'> {
  onAction: () => Promise<unknown> | unknown;
  children: ReactNode;
  className?: string;
}

/**
 * Spec §2/§5: ignores clicks while its action runs. It stays focusable while busy (aria-disabled
 * rather than disabled) so keyboard users do not lose their place.
 */
export function DebounceButton({
  onAction,
  children,
  className = 'inline-flex items-center justify-center gap-2 rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
  type = 'button',
  disabled,
  ...buttonProps
}: DebounceButtonProps): ReactNode {
  // A ref, not state: a double click arrives before React re-renders.
  const running = useRef(false);
  const alive = useRef(true);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  async function handleClick(event: MouseEvent<HTMLButtonElement>): Promise<void> {
    if (running.current || disabled) {
      event.preventDefault();
      return;
    }
    running.current = true;
    setBusy(true);
    try {
      await onAction();
    } catch (error) {
      console.error(error);
      showError(DEBOUNCE_FAILURE_TEXT);
    } finally {
      running.current = false;
      if (alive.current) setBusy(false);
    }
  }

  return (
    <button
      {...buttonProps}
      type={type}
      disabled={disabled}
      aria-busy={busy || undefined}
      aria-disabled={busy || undefined}
      onClick={handleClick}
      className={`${className}${busy ? ' cursor-wait opacity-60' : ''}${disabled ? ' cursor-not-allowed opacity-50' : ''}`}
    >
      {busy ? <Spinner className="h-4 w-4" /> : null}
      {children}
    </button>
  );
}
