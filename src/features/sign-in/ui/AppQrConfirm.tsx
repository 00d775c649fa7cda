import { QR_SCAN_RESULT_TEXT } from '~/features/sign-in/rules/qr-login';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { failureText } from '~/platform/client';
import { cancelQr, confirmAppQr, markQrScanned } from '~/features/sign-in/client/auth';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';
import { DebounceButton } from '~/platform/ui/DebounceButton';
import { Skeleton } from '~/platform/ui/Skeleton';

export interface AppQrConfirmProps {
  scanCode: string;
}

type Outcome = { kind: 'confirmed' } | { kind: 'cancelled' } | { kind: 'failed'; msg: string } | null;


/**
 * The phone side of the app scan login (spec §4 app QR: confirmed / cancelled). The phone must be
 * signed in (its token is in this browser's storage, so the server cannot tell at render time):
 * until hydration a skeleton, then either the sign-in prompt or the confirmation. The confirm call
 * carries the phone's Bearer token (the API client adds it).
 */
export default function AppQrConfirm({ scanCode }: AppQrConfirmProps): ReactNode {
  const [mounted, setMounted] = useState(false);
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  const [outcome, setOutcome] = useState<Outcome>(null);

  useEffect(() => {
    setMounted(true);
    // spec §4: the web page shows "scanned" as soon as the phone has opened the code.
    markQrScanned(scanCode).catch(() => undefined);
  }, [scanCode]);

  async function run(send: (scanCode: string) => Promise<unknown>, done: Outcome): Promise<void> {
    try {
      await send(scanCode);
      setOutcome(done);
    } catch (error) {
      setOutcome({ kind: 'failed', msg: failureText(error) });
    }
  }

  if (!mounted) return <Skeleton lines={3} className="py-6" />;
  if (!$loggedIn) {
    return (
      <div className="flex flex-col items-center gap-4 py-6 text-center">
        <p className="text-sm text-neutral-700">请先在本设备登录</p>
        <button
          type="button"
          onClick={() => openLogin('username')}
          className="rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark"
        >
          立即登录
        </button>
      </div>
    );
  }

  const finished = outcome?.kind === 'confirmed' || outcome?.kind === 'cancelled';
  return (
    <div className="flex flex-col gap-5 text-center">
      <p className="text-base font-medium text-neutral-900">确认登录到网页端?</p>
      <div className="flex gap-3">
        <DebounceButton
          disabled={finished}
          onAction={() => run(confirmAppQr, { kind: 'confirmed' })}
          className="flex-1 rounded bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-dark"
        >
          确认登录
        </DebounceButton>
        <DebounceButton
          disabled={finished}
          onAction={() => run(cancelQr, { kind: 'cancelled' })}
          className="flex-1 rounded border border-neutral-300 px-4 py-2 text-sm text-neutral-700 hover:bg-neutral-50"
        >
          取消
        </DebounceButton>
      </div>
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-neutral-700">
        {outcome === null ? '' : outcome.kind === 'failed' ? outcome.msg : QR_SCAN_RESULT_TEXT[outcome.kind]}
      </p>
    </div>
  );
}
