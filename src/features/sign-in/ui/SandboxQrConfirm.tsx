import { QR_SCAN_RESULT_TEXT } from '~/features/sign-in/rules/qr-login';
import { useEffect, useState, type ReactNode } from 'react';
import { failureText } from '~/platform/client';
import { cancelQr, confirmSandboxQr, markQrScanned } from '~/features/sign-in/client/auth';
import { DebounceButton } from '~/platform/ui/DebounceButton';

export type SandboxIdentity = 'new' | 'demo';

export interface SandboxQrConfirmProps {
  scanCode: string;
  /** Which app this page stands in for. */
  platform: 'wechat' | 'qq';
}

type Outcome = { kind: 'confirmed' } | { kind: 'cancelled' } | { kind: 'failed'; msg: string } | null;


const IDENTITIES: { value: SandboxIdentity; label: string }[] = [
  { value: 'new', label: '新用户（首次授权，需要绑定手机号）' },
  { value: 'demo', label: '演示用户 renter01' },
];

/**
 * The sandbox WeChat/QQ authorisation (docs/sign-in-api.md "Second device"): opening the page marks
 * the code scanned; the tester picks an identity and confirms or cancels. The outcome is announced
 * in an aria-live line.
 */
export default function SandboxQrConfirm({ scanCode, platform }: SandboxQrConfirmProps): ReactNode {
  const [identity, setIdentity] = useState<SandboxIdentity>('new');
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    // spec §4: the browser shows "scanned" once the phone has the page open. A failure here is
    // shown by the client's toast; the buttons answer with the real reason.
    markQrScanned(scanCode).catch(() => undefined);
  }, [scanCode]);

  async function run(send: () => Promise<unknown>, done: Outcome): Promise<void> {
    try {
      await send();
      setOutcome(done);
    } catch (error) {
      // The client has shown the toast already; keep the reason on the page too.
      setOutcome({ kind: 'failed', msg: failureText(error) });
    }
  }

  const finished = outcome?.kind === 'confirmed' || outcome?.kind === 'cancelled';
  return (
    <div className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-3" disabled={finished}>
        <legend className="mb-2 text-sm font-medium text-neutral-800">
          以哪个{platform === 'qq' ? 'QQ' : '微信'}身份登录
        </legend>
        {IDENTITIES.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 rounded border border-neutral-200 px-3 py-2 text-sm has-[:checked]:border-primary">
            <input
              type="radio"
              name="identity"
              value={option.value}
              checked={identity === option.value}
              onChange={() => setIdentity(option.value)}
              className="accent-primary"
            />
            {option.label}
          </label>
        ))}
      </fieldset>
      <div className="flex gap-3">
        <DebounceButton
          disabled={finished}
          onAction={() => run(() => confirmSandboxQr(scanCode, identity), { kind: 'confirmed' })}
          className="flex-1 rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark"
        >
          确认登录
        </DebounceButton>
        <DebounceButton
          disabled={finished}
          onAction={() => run(() => cancelQr(scanCode), { kind: 'cancelled' })}
          className="flex-1 rounded border border-neutral-300 px-4 py-2 text-sm text-neutral-700 hover:bg-neutral-50"
        >
          取消
        </DebounceButton>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-center text-sm text-neutral-700">
        {outcome === null ? '' : outcome.kind === 'failed' ? outcome.msg : QR_SCAN_RESULT_TEXT[outcome.kind]}
      </p>
    </div>
  );
}
