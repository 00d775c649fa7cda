/**
 * The login dialog's parts that stay React, fetched only when one is needed (issue 27): the SMS
 * and register panels (with their SMS buttons and sliders) when their tab is first chosen, and
 * the slider the password form asks for after a -410. The plain dialog mounts each in its own
 * root and unmounts it when the dialog closes.
 */
import { useEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CaptchaAction } from '~/features/sign-in/client/auth';
import { PhonePanel } from '~/features/sign-in/ui/PhonePanel';
import { RegisterPanel } from '~/features/sign-in/ui/RegisterPanel';
import { useSliderCaptcha } from '~/features/sign-in/ui/SliderCaptcha';

/** Renders the 短信登录 or 注册 panel into `container`; returns its unmount. */
export function mountFormPanel(container: HTMLElement, mode: 'phone' | 'register'): () => void {
  const root = createRoot(container);
  root.render(mode === 'phone' ? <PhonePanel /> : <RegisterPanel />);
  return () => root.unmount();
}

function AskOnce({ action, onDone }: { action: CaptchaAction; onDone(key: string | null): void }): ReactNode {
  const captcha = useSliderCaptcha();
  useEffect(() => {
    void captcha.ask(action).then(onDone);
    // Once: the root lives for this one question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return captcha.element;
}

/** Asks the captcha dialog once; `key` resolves the verify_key, or null if the user gives up. */
export function askCaptcha(container: HTMLElement, action: CaptchaAction): { key: Promise<string | null>; stop(): void } {
  const root = createRoot(container);
  let stopped = false;
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    // Not inside React's own render: the answer arrives from the dialog's event handler.
    queueMicrotask(() => root.unmount());
  };
  const key = new Promise<string | null>((resolve) => {
    root.render(
      <AskOnce
        action={action}
        onDone={(answer) => {
          stop();
          resolve(answer);
        }}
      />,
    );
  });
  return { key, stop };
}
