import { useStore } from '@nanostores/react';
import { useEffect, useState, type ReactNode } from 'react';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';
import { EmptyState } from '~/platform/ui/EmptyState';
import { Skeleton } from '~/platform/ui/Skeleton';
import { focusRing } from '~/platform/ui/focus-ring';

export interface LoginRequiredProps {
  /** What the visitor would see, e.g. 我的钱包. */
  title: string;
  children?: ReactNode;
}

/**
 * Spec §6: account pages need a signed-in user. The token lives in the browser, so the server
 * cannot tell; it renders a skeleton, and after hydration this shows the content or a sign-in prompt.
 */
export default function LoginRequired({ title, children }: LoginRequiredProps): ReactNode {
  const [mounted, setMounted] = useState(false);
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  useEffect(() => setMounted(true), []);

  if (!mounted) return <Skeleton lines={4} className="py-6" />;
  if ($loggedIn) return <>{children}</>;
  return <SignInPrompt title={title} />;
}

/** 登录后查看<title> with 立即登录 (opens the login modal): what a signed-out visitor sees in place of their data. */
export function SignInPrompt({ title }: { title: string }): ReactNode {
  return (
    <EmptyState
      type={1}
      text={`登录后查看${title}`}
      action={
        <button type="button" onClick={() => openLogin('scan')} className={`rounded-full bg-primary px-6 py-2 text-sm text-white hover:bg-primary-dark ${focusRing}`}>
          立即登录
        </button>
      }
    />
  );
}
