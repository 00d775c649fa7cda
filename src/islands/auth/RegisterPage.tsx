import type { ReactNode } from 'react';
import { openLogin } from '../../lib/stores/ui';
import { RegisterPanel } from './RegisterPanel';

/** /register and /rank_register: the register form in a card (signing in goes to the modal). */
export default function RegisterPage(): ReactNode {
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
