import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { $isLoggedIn } from '~/platform/stores/auth';
import { openLogin } from '~/platform/stores/ui';
import { RegisterPanel } from '~/features/sign-in/ui/RegisterPanel';
import { SignedInCard } from '~/features/sign-in/ui/SignedInCard';

/** /register and /rank_register: the register form in a card (signing in goes to the modal). */
export default function RegisterPage(): ReactNode {
  // The server renders the form; a visitor already signed in (or just registered) sees the card.
  const $loggedIn = useStore($isLoggedIn, { ssr: () => false });
  if ($loggedIn) return <SignedInCard title="你已登录" />;
  return (
    <div className="mx-auto w-full max-w-md rounded-lg bg-white p-6 shadow-sm">
      <RegisterPanel />
      <p className="mt-4 text-center text-sm text-gray-600">
        已有账号？
        <button type="button" onClick={() => openLogin('scan')} className="text-primary hover:underline">
          登录
        </button>
      </p>
    </div>
  );
}
