import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '~/platform/client/errors';
import { showSuccess } from '~/platform/stores/ui';
import { useSliderCaptcha } from '~/features/sign-in/ui/SliderCaptcha';
import { browserStorage, recordSent, resendRemaining } from '~/features/sign-in/ui/sms-countdown';

export interface SmsCodeButtonProps {
  /** The phone (or email) the code goes to. */
  recipient: string;
  /** spec §5: e.g. validatePhoneForSms; its message goes to onInvalid and nothing is sent. */
  validate(recipient: string): string | null;
  onInvalid(message: string): void;
  /** Sends the code with a verify_key for `sendSms`. */
  send(verifyKey: string): Promise<unknown>;
  sentText?: string;
  /** After a send (e.g. to move focus to the code field, as this button is now disabled). */
  onSent?(): void;
}

/**
 * spec §5: 获取验证码 checks the recipient, asks for the slider, sends, then counts 60 s down.
 * The send time is stored per recipient, so a reload resumes the countdown.
 */
export function SmsCodeButton({ recipient, validate, onInvalid, send, sentText = '验证码已发送', onSent }: SmsCodeButtonProps): ReactNode {
  const captcha = useSliderCaptcha();
  const [busy, setBusy] = useState(false);
  const [remaining, setRemaining] = useState(0);

  useEffect(() => {
    const update = (): void => setRemaining(resendRemaining(browserStorage(), recipient, Date.now()));
    update();
    const timer = setInterval(update, 1000);
    return () => clearInterval(timer);
  }, [recipient]);

  async function onClick(): Promise<void> {
    if (busy || remaining > 0) return;
    const message = validate(recipient);
    if (message !== null) {
      onInvalid(message);
      return;
    }
    setBusy(true);
    try {
      const verifyKey = await captcha.ask('sendSms');
      if (verifyKey === null) return;
      await send(verifyKey);
      recordSent(browserStorage(), recipient, Date.now());
      showSuccess(sentText);
      onSent?.();
    } catch (error) {
      // The client has shown the error; a 429 says how long to wait, so the countdown shows it.
      const wait = isApiError(error) ? (error.data as { retry_after?: unknown } | undefined)?.retry_after : undefined;
      if (isApiError(error) && error.httpStatus === 429 && typeof wait === 'number') recordSent(browserStorage(), recipient, Date.now(), wait);
      else if (!isApiError(error)) console.error(error);
    } finally {
      setBusy(false);
      setRemaining(resendRemaining(browserStorage(), recipient, Date.now()));
    }
  }

  const waiting = remaining > 0;
  return (
    <>
      <button
        type="button"
        onClick={() => void onClick()}
        disabled={waiting}
        aria-busy={busy || undefined}
        className="shrink-0 rounded border border-primary px-3 py-2 text-sm whitespace-nowrap text-primary hover:bg-primary-light disabled:cursor-not-allowed disabled:border-gray-300 disabled:text-gray-400 disabled:hover:bg-transparent"
      >
        {waiting ? `${remaining}秒后重新获取` : busy ? '发送中…' : '获取验证码'}
      </button>
      {captcha.element}
    </>
  );
}
