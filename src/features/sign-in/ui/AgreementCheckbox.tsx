import { useId, useRef, useState, type ReactNode } from 'react';
import { AGREEMENT_CONFIRM_TEXT, validateAgreement } from '~/platform/rules/validation';
import { Modal } from '~/platform/ui/Modal';
import { AGREEMENT_HREFS } from '~/features/sign-in/ui/agreement-links';

export { AGREEMENT_HREFS };

export interface Agreement {
  /** The checkbox, and the confirm dialog while it is open. */
  element: ReactNode;
  /**
   * spec §5: resolves true when the box is ticked; otherwise asks with AGREEMENT_CONFIRM_TEXT and
   * resolves true (box ticked) on 同意, false on 取消.
   */
  ensure(): Promise<boolean>;
}

/** The login-agreement checkbox of the phone, username and register forms. */
export function useAgreement(): Agreement {
  const [agreed, setAgreed] = useState(false);
  const [asking, setAsking] = useState(false);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const id = useId();

  function settle(ok: boolean): void {
    if (ok) setAgreed(true);
    setAsking(false);
    answer.current?.(ok);
    answer.current = null;
  }

  const element = (
    <>
      <div className="flex items-start gap-2 text-xs text-gray-600">
        <input
          id={id}
          type="checkbox"
          checked={agreed}
          onChange={(event) => setAgreed(event.target.checked)}
          className="mt-0.5 h-4 w-4 accent-primary"
        />
        {/*
          The names open the version in force in a new tab, so the dialog and what was typed stay.
          A link inside the label does not toggle the box (the label ignores clicks on links).
        */}
        <label htmlFor={id}>
          我已阅读并同意
          <a href={AGREEMENT_HREFS.service} target="_blank" rel="noopener" className="text-primary hover:underline">
            《平台服务协议》
          </a>
          和
          <a href={AGREEMENT_HREFS.privacy} target="_blank" rel="noopener" className="text-primary hover:underline">
            《隐私政策》
          </a>
        </label>
      </div>
      <Modal open={asking} title="提示" width={380} onClose={() => settle(false)}
        footer={
          <>
            <button type="button" onClick={() => settle(false)} className="rounded border border-gray-300 px-4 py-2 text-sm text-gray-700 hover:bg-gray-50">
              取消
            </button>
            <button type="button" data-autofocus="" onClick={() => settle(true)} className="rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark">
              同意
            </button>
          </>
        }
      >
        <p className="text-sm text-gray-700">{AGREEMENT_CONFIRM_TEXT}</p>
      </Modal>
    </>
  );

  return {
    element,
    ensure: () => {
      if (validateAgreement(agreed) === null) return Promise.resolve(true);
      setAsking(true);
      return new Promise<boolean>((resolve) => {
        answer.current = resolve;
      });
    },
  };
}
